import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv, type CsvCell } from '../../src/index.js';

describe('toCsv', () => {
  it.each<[string, CsvCell[][], string]>([
    ['no rows', [], ''],
    [
      'plain cells',
      [
        ['Stop', 'Visits'],
        ['Old mill', 12],
      ],
      'Stop,Visits\r\nOld mill,12\r\n',
    ],
    ['a comma is quoted', [['Mill, old', 1]], '"Mill, old",1\r\n'],
    ['quotes are doubled', [['The "big" one']], '"The ""big"" one"\r\n'],
    ['a line break is quoted', [['two\nlines']], '"two\nlines"\r\n'],
    ['a carriage return is quoted', [['a\r\nb']], '"a\r\nb"\r\n'],
    ['empty, null and undefined are empty cells', [['', null, undefined, 'x']], ',,,x\r\n'],
    ['booleans', [[true, false]], 'true,false\r\n'],
    ['numbers as they are, negatives too', [[0, 2.5, -3]], '0,2.5,-3\r\n'],
    ['not-a-number is an empty cell', [[Number.NaN, Infinity]], ',\r\n'],
    ['= starts a formula: guarded', [['=HYPERLINK("x")']], '"\'=HYPERLINK(""x"")"\r\n'],
    ['+ guarded', [['+1+2']], "'+1+2\r\n"],
    ['- guarded (as text)', [['-2+3']], "'-2+3\r\n"],
    ['@ guarded', [['@SUM(A1)']], "'@SUM(A1)\r\n"],
    ['a leading tab is guarded', [['\t=1']], "'\t=1\r\n"],
    ['a leading carriage return is guarded (and quoted)', [['\r=1']], '"\'\r=1"\r\n'],
    ['a leading line feed is guarded (and quoted)', [['\n=1']], '"\'\n=1"\r\n'],
    ['a full-width = (U+FF1D) is guarded', [['\uFF1DHYPERLINK(1)']], "'\uFF1DHYPERLINK(1)\r\n"],
    ['a small = (U+FE66) is guarded', [['\uFE66SUM(A1)']], "'\uFE66SUM(A1)\r\n"],
    ['a full-width + (U+FF0B) is guarded', [['\uFF0B1']], "'\uFF0B1\r\n"],
    ['a full-width - (U+FF0D) is guarded', [['\uFF0D1']], "'\uFF0D1\r\n"],
    ['a full-width @ (U+FF20) is guarded', [['\uFF20SUM(A1)']], "'\uFF20SUM(A1)\r\n"],
    [
      'small + - @ (U+FE62, U+FE63, U+FE6B) are guarded',
      [['\uFE621', '\uFE631', '\uFE6BA']],
      "'\uFE621,'\uFE631,'\uFE6BA\r\n",
    ],
    ['a full-width = later is fine', [['a\uFF1Db']], 'a\uFF1Db\r\n'],
    ['a formula character later is fine', [['a=b', 'x-y']], 'a=b,x-y\r\n'],
    ['unicode kept', [['Café — Süd', '東京']], 'Café — Süd,東京\r\n'],
    ['rows of unequal length', [['a'], ['b', 'c']], 'a\r\nb,c\r\n'],
  ])('%s', (_name, rows, out) => expect(toCsv(rows)).toBe(out));
});

describe('csvFileName', () => {
  it.each<[string[], string]>([
    [
      ['riverfront-walk', 'drop-off', '2026-11-01', '2026-11-30'],
      'riverfront-walk-drop-off-2026-11-01-2026-11-30.csv',
    ],
    [['Café Walk', 'Hours'], 'cafe-walk-hours.csv'],
    [['../etc/passwd'], 'etc-passwd.csv'],
    [['a  --  b'], 'a-b.csv'],
    [['東京'], 'table.csv'],
    [['Straße', 'Œuvres'], 'strasse-oeuvres.csv'],
  ])('%j → %s', (parts, out) => expect(csvFileName(...parts)).toBe(out));
});
