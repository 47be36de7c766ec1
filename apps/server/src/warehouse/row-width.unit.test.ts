import { describe, expect, it } from 'vitest';
import {
  anyRowFits,
  columnsThatFit,
  largestRowBytes,
  MAX_ROW_BYTES,
  numericDataBytes,
  rowFits,
  rowSlot,
  varlenaBytes,
  type RowSlot,
} from './row-width.ts';

const columns = (count: number, slot: RowSlot) => new Array<RowSlot>(count).fill(slot);
const bigint = rowSlot('bigint');

/*
 * The limits below are PostgreSQL's own (measured on 17, 8 kB pages): `row is too big: size 8168, maximum
 * size 8160` for 1,002 bigint columns with one null, 338 text values of 23 characters with one null, and
 * 500 dates then 747 bigints with a null date; 1,001, 337 and 746 store.
 */
describe('the size of a table row', () => {
  it('counts the header padded to 8 bytes, row_id and 8 bytes per bigint', () => {
    expect(largestRowBytes([])).toBe(24 + 8);
    expect(largestRowBytes([bigint])).toBe(24 + 8 + 8);
    // With a null: 23 + 188 bitmap bytes → 216, and 1,500 values of 8 bytes (1,499 and row_id).
    expect(largestRowBytes(columns(1500, bigint))).toBe(216 + 1500 * 8);
  });

  it('counts the null bitmap of a row with a null, padded to 8, less the one null value', () => {
    // 1,002 columns: 23 + 126 bitmap bytes → 152; 1,001 values of 8 bytes.
    expect(largestRowBytes(columns(1001, bigint))).toBe(MAX_ROW_BYTES);
    expect(largestRowBytes(columns(1002, bigint))).toBe(8168);
    expect(rowFits(columns(1001, bigint))).toBe(true);
    expect(rowFits(columns(1002, bigint))).toBe(false);
  });

  it('aligns each value to its type: a date after a boolean starts 4 bytes on', () => {
    const mixed = [rowSlot('boolean'), rowSlot('date'), rowSlot('boolean'), rowSlot('bigint')];
    // row_id 0–8, boolean 8, date 12–16, boolean 16, bigint 24–32.
    expect(largestRowBytes(mixed)).toBe(24 + 32);
  });

  it('keeps short text values in the row unaligned and a long one as an 18-byte pointer', () => {
    expect(varlenaBytes(0)).toBe(1);
    expect(varlenaBytes(23)).toBe(24);
    expect(varlenaBytes(24)).toBe(18);
    expect(rowFits(columns(337, rowSlot('text', 24)))).toBe(true);
    expect(largestRowBytes(columns(338, rowSlot('text', 24)))).toBe(8168);
    // 1,599 columns of values of up to 3 bytes fit; of long values, 440 do (pointers only).
    expect(rowFits(columns(1599, rowSlot('text', 4)))).toBe(true);
    expect(rowFits(columns(440, rowSlot('text', varlenaBytes(64))))).toBe(true);
  });

  it('sizes a numeric by its base-10,000 digits', () => {
    expect(numericDataBytes('12.50')).toBe(2 + 2 * 2);
    expect(numericDataBytes('-0.5')).toBe(2 + 2);
    expect(numericDataBytes('123456789')).toBe(2 + 2 * 3);
    expect(numericDataBytes(`1.${'0'.repeat(64)}`)).toBe(4 + 2 * 17);
  });

  it('knows up to how many columns any row fits, whatever the types and values', () => {
    expect(anyRowFits(300)).toBe(true);
    expect(anyRowFits(301)).toBe(false);
  });

  it('answers how many columns of a type fit, alone or beside others', () => {
    expect(columnsThatFit(bigint)).toBe(1001);
    expect(columnsThatFit(rowSlot('text'))).toBe(337);
    expect(columnsThatFit(rowSlot('numeric'))).toBe(337);
    expect(columnsThatFit(rowSlot('date'), [], 1599)).toBe(1599);
    // A null date frees no byte: the bigints after the dates start at the same 8-byte boundary.
    expect(columnsThatFit(bigint, columns(500, rowSlot('date')))).toBe(746);
  });
});
