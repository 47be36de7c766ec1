import type { NewTable } from './warehouse.service.ts';

/**
 * How many bytes a row of a table takes in PostgreSQL's heap, to refuse a table whose rows cannot be stored
 * before making it. A row (heap tuple) must fit in one 8 kB page: a 23-byte header, a null bitmap of one bit
 * per column when the row has a null, padding to 8 bytes, then each value at its type's alignment (bigint 8,
 * date 4, boolean 1). Text and numeric values (varlena) of up to 24 bytes stay in the row as they are, with
 * a 1-byte length and no alignment; a longer one is compressed — and stays when that brings it to 24 bytes,
 * at 4-byte alignment — or moved to the table's TOAST table, leaving an 18-byte pointer behind
 * (heap_toast_insert_or_update, toast_tuple_find_biggest_attribute). A long value counts here as the pointer,
 * what most become; one that compresses that well makes PostgreSQL refuse the row itself (54000).
 */

/** MaxHeapTupleSize on 8 kB pages: BLCKSZ − MAXALIGN(page header + one line pointer). */
export const MAX_ROW_BYTES = 8160;
const TUPLE_HEADER_BYTES = 23;
const MAXALIGN = 8;
/** Values up to MAXALIGN(TOAST_POINTER_SIZE) bytes are never compressed or moved out of the row. */
export const INLINE_VARLENA_BYTES = 24;
/** What a value moved to the TOAST table leaves in the row. */
export const TOAST_POINTER_BYTES = 18;

type SqlType = NewTable['columns'][number]['sqlType'];

/** A column as it lies in a row: the most bytes one of its values takes there, and their alignment. */
export interface RowSlot {
  bytes: number;
  align: 1 | 4 | 8;
}

const FIXED: Partial<Record<SqlType, RowSlot>> = {
  bigint: { bytes: 8, align: 8 },
  date: { bytes: 4, align: 4 },
  boolean: { bytes: 1, align: 1 },
};

/**
 * A column of `sqlType` whose longest varlena value takes `varlenaBytes` in the row (varlenaBytes()); without
 * it, the most any value can: a short one of 24 bytes, or a compressed one of as many at 4-byte alignment.
 */
export function rowSlot(sqlType: SqlType, varlenaBytes?: number): RowSlot {
  return (
    FIXED[sqlType] ??
    (varlenaBytes === undefined ? { bytes: INLINE_VARLENA_BYTES, align: 4 } : { bytes: varlenaBytes, align: 1 })
  );
}

/** What a varlena value of `dataBytes` bytes (its text in UTF-8, or numeric's digits) takes in a row. */
export const varlenaBytes = (dataBytes: number): number =>
  dataBytes + 1 <= INLINE_VARLENA_BYTES ? dataBytes + 1 : TOAST_POINTER_BYTES;

/** A numeric written as plain decimal digits: its size as PostgreSQL stores it (digits in base 10,000). */
export function numericDataBytes(value: string): number {
  // Counted in place: this runs for every value of a wide file's decimal columns.
  let start = value.charCodeAt(0) === 45 || value.charCodeAt(0) === 43 ? 1 : 0;
  const point = value.indexOf('.');
  const end = point === -1 ? value.length : point;
  while (start < end && value.charCodeAt(start) === 48) start++;
  const integerDigits = end - start;
  const fractionDigits = point === -1 ? 0 : value.length - point - 1;
  // NumericShort's 2-byte header holds a display scale up to 63 and a weight up to 63 base-10,000 digits.
  const header = fractionDigits <= 63 && integerDigits <= 252 ? 2 : 4;
  return header + 2 * (Math.ceil(integerDigits / 4) + Math.ceil(fractionDigits / 4));
}

const alignUp = (offset: number, align: number) => Math.ceil(offset / align) * align;

/**
 * The largest row `slots` can make (the table's `row_id`, bigint and never null, comes first): with no null
 * (no bitmap), or with a bitmap and one null — the value that frees the fewest bytes — since each further
 * null only shortens the row. Exact for every null pattern, alignment included, in O(columns).
 */
export function largestRowBytes(slots: readonly RowSlot[]): number {
  const all: RowSlot[] = [{ bytes: 8, align: 8 }, ...slots];
  const count = all.length;
  // grow[j][r]: the bytes slots j… take when they start at an offset ≡ r (mod 8); alignments divide 8.
  const grow: number[][] = Array.from({ length: count + 1 }, () => new Array<number>(MAXALIGN).fill(0));
  for (let j = count - 1; j >= 0; j--) {
    const { bytes, align } = all[j]!;
    for (let r = 0; r < MAXALIGN; r++) {
      const end = alignUp(r, align) + bytes;
      grow[j]![r] = end - r + grow[j + 1]![end % MAXALIGN]!;
    }
  }
  const withoutNulls = alignUp(TUPLE_HEADER_BYTES, MAXALIGN) + grow[0]![0]!;
  const withNullHeader = alignUp(TUPLE_HEADER_BYTES + Math.ceil(count / 8), MAXALIGN);
  let largest = withoutNulls;
  let offset = alignUp(0, all[0]!.align) + all[0]!.bytes;
  for (let i = 1; i < count; i++) {
    // Slot i is the null: the row is the slots before it, then those after it from the same offset.
    largest = Math.max(largest, withNullHeader + offset + grow[i + 1]![offset % MAXALIGN]!);
    offset = alignUp(offset, all[i]!.align) + all[i]!.bytes;
  }
  return largest;
}

export const rowFits = (slots: readonly RowSlot[]): boolean => largestRowBytes(slots) <= MAX_ROW_BYTES;

/**
 * Whether a row of `columns` columns fits whatever their types and values: none takes more than a 24-byte
 * value after 3 bytes of padding. Up to about 300 columns it does, and values need not be measured.
 */
export const anyRowFits = (columns: number): boolean =>
  rowFits(new Array<RowSlot>(columns).fill({ bytes: INLINE_VARLENA_BYTES + 3, align: 1 }));

/**
 * The most columns of `slot` a row holds beside `others` (none: a table of that column alone), as many
 * as fit after the others in the order given.
 */
export function columnsThatFit(slot: RowSlot, others: readonly RowSlot[] = [], limit = 1_600): number {
  let low = 0;
  let high = limit;
  // A row only grows with each column added, so the count that fits is found by bisection.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (rowFits([...others, ...new Array<RowSlot>(middle).fill(slot)])) low = middle;
    else high = middle - 1;
  }
  return low;
}
