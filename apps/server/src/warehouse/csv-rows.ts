import { copyCsv } from '../platform/csv/csv-writer.ts';

/**
 * Rows as CSV text for PostgreSQL's `COPY … (FORMAT csv)` (the writer's COPY dialect), checked for width
 * and converted value by value; a chunk holds at most `rowsPerChunk` rows so memory stays bounded
 * whatever the source's size.
 */
export async function* csvChunks(
  rows: Iterable<unknown[]> | AsyncIterable<unknown[]>,
  width: number,
  rowsPerChunk: number,
): AsyncGenerator<{ csv: string; rows: number }> {
  let batch: (string | null)[][] = [];
  const flush = () => {
    const chunk = { csv: copyCsv(batch), rows: batch.length };
    batch = [];
    return chunk;
  };
  let index = 0;
  for await (const row of rows) {
    index += 1;
    if (!Array.isArray(row) || row.length !== width)
      throw new TypeError(`Row ${index} has ${Array.isArray(row) ? row.length : 'no'} values; expected ${width}`);
    batch.push(row.map((value, column) => csvValue(value, index, column)));
    if (batch.length >= rowsPerChunk) yield flush();
  }
  if (batch.length > 0) yield flush();
}

function csvValue(value: unknown, row: number, column: number): string | null {
  switch (typeof value) {
    case 'undefined':
      return null;
    case 'string':
      return value;
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`Row ${row}, value ${column + 1}: ${value} is not a number`);
      return String(value);
    case 'object':
      if (value === null) return null;
      if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  }
  throw new TypeError(`Row ${row}, value ${column + 1}: unsupported value`);
}
