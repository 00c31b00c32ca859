import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const attack of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(attack).startsWith(`"'`)).toBe(true);
    }
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
  });

  it('drops control characters a terminal or reader would act on, keeping tabs and line breaks', () => {
    expect(csvCell('Ada\u001b[31m\u0000\u0007 Lovelace\u009b')).toBe('"Ada[31m Lovelace"');
    expect(csvCell('line one\r\nline\ttwo')).toBe('"line one\r\nline\ttwo"');
    expect(csvCell('\u0000=1+1')).toBe(`"'=1+1"`);
  });

  it('quotes every cell, doubles quotes and keeps new lines inside the cell', () => {
    expect(csvCell('say "hi"\nbye, then')).toBe('"say ""hi""\nbye, then"');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [{ a: '1', b: null }])).toBe('"a","b"\r\n"1",\r\n');
  });
});
