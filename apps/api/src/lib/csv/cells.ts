/*
 * Formula neutralisation of CSV cells (docs/rules.md §7), and its exact inverse for the catalogue
 * import, so that an exported catalogue uploaded again reads as it was.
 *
 * A spreadsheet runs a cell as a formula when it starts with =, +, - or @ (OWASP's CSV-injection
 * guidance adds tab and CR; a reader that trims white space would also see a sign behind spaces,
 * so those count too). Where a cell starts is the subtle part: quoting keeps a line break or a separator
 * inside its cell for a reader that honours the quotes, but Excel in a locale whose list
 * separator is ';' splits a comma-separated line at every ';' and at every line break, quotes or
 * not, unless the quote opens the field. So every place a spreadsheet may start reading a cell is
 * guarded: the value's start, and the character after each line break (CR or LF) and each ';'.
 *
 * The guard is an apostrophe put in front (spreadsheets show the rest as text). It is added at a
 * cell start that reads, after any apostrophes already there, as
 * - a tab, or spaces (any white space but a line break) followed by =, +, - or @, or one of those
 *   signs right away, unless the cell up to the next line break or ';' is a plain number such as
 *   `-12.50`, which a spreadsheet reads as a number and which must stay one;
 * - at the value's start only, a CR or LF (within a value, a line break right after a cell start
 *   only ends an empty cell; the next line is a cell start of its own).
 * The "after any apostrophes" part makes the guard reversible: a value that really starts with
 * `'=` gets a second apostrophe, so the import, which drops one apostrophe wherever the guard
 * would have put it, gives back exactly what was exported.
 */

/** Characters after which a spreadsheet may start a new cell inside a quoted value. */
const BOUNDARY = /[\r\n;]/;
/** A value cut at its inner cell starts: each piece keeps the boundary character it ends with. */
const SEGMENTS = /(?<=[\r\n;])/;

const FORMULA_START = /^(?:\t|[^\S\r\n]*[=+\-@])/;
const LINE_BREAK_START = /^[\r\n]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?[\r\n;]?$/;

/** Whether the cell starting this segment gets an apostrophe (see above). */
function needsGuard(segment: string, valueStart: boolean): boolean {
  const text = segment.replace(/^'+/, '');
  if (valueStart && LINE_BREAK_START.test(text)) return true;
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

function mapSegments(text: string, map: (segment: string, valueStart: boolean) => string): string {
  if (!BOUNDARY.test(text)) return map(text, true);
  return text
    .split(SEGMENTS)
    .map((segment, index) => map(segment, index === 0))
    .join('');
}

/** The text with an apostrophe at each cell start a spreadsheet could read as a formula. */
export function guardCell(text: string): string {
  return mapSegments(text, (segment, valueStart) =>
    needsGuard(segment, valueStart) ? `'${segment}` : segment,
  );
}

/** The exact inverse of guardCell: drops the apostrophes it added, and no other. */
export function unguardCell(text: string): string {
  return mapSegments(text, (segment, valueStart) =>
    segment.startsWith("'") && needsGuard(segment.slice(1), valueStart)
      ? segment.slice(1)
      : segment,
  );
}
