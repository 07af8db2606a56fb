/**
 * CSV export of the report tables, built in the browser from what the page shows. A cell that a
 * spreadsheet would read as a formula (=, +, -, @, tab or carriage return first) is prefixed with
 * an apostrophe, unless it is a plain number, so a pharmacy named "=HYPERLINK(…)" stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: comma-separated, CRLF line ends, quotes doubled inside quoted cells. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(filename: string, csv: string): void {
  // The byte order mark makes Excel read the file as UTF-8 (pharmacy names with accents).
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
