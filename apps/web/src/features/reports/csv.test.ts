import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Oak, Elm & Co')).toBe('"Oak, Elm & Co"');
    expect(csvCell('The "Best" Rx')).toBe('"The ""Best"" Rx"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('keeps cells a spreadsheet would run as formulas as text, but not plain numbers', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(42)).toBe('42');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['Bucket', 'Amount'],
        [
          ['Current', '10.00'],
          ['31-60 days', '5.25'],
        ],
      ),
    ).toBe('Bucket,Amount\r\nCurrent,10.00\r\n31-60 days,5.25\r\n');
  });
});
