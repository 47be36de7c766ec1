import { describe, expect, it } from 'vitest';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { readDataTypeCsv, type CsvDataType } from './data-type-csv.ts';

const type = STANDARD_DATA_TYPES.find((candidate) => candidate.key === 'gl_detail')!;
const GL: CsvDataType = {
  name: type.name,
  columns: [...type.columns],
  delimiter: ',',
  periodBased: type.periodBased,
  targetTable: type.targetTable,
};
const GL_HEADER =
  'journal_id,line_no,posting_date,period,account_code,description,debit,credit,entity,department,counterparty,source,reference';

/*
 * Memory stays flat: two million generated rows (~220 MB of CSV) go through while the heap grows by less
 * than 128 MB (measured: ~70 MB at its peak, garbage not yet collected included). In the stress project, whose
 * files each start with a fresh heap: in a worker shared with other files, their garbage would be counted too.
 */
describe('a large file', () => {
  it('reads 2,000,000 rows with the heap bounded', { timeout: 180_000 }, async () => {
    const rows = 2_000_000;
    async function* generated(): AsyncGenerator<Buffer> {
      yield Buffer.from(`${GL_HEADER}\n`);
      for (let start = 0; start < rows; start += 10_000) {
        let text = '';
        for (let index = start; index < start + 10_000; index++)
          text += `JE-${index >> 1},${(index & 1) + 1},2026-03-05,2026-03,4000,"Invoice ${index}, Acme",${index & 1 ? '' : '1234.50'},${index & 1 ? '1234.50' : ''},HQ,Sales,Acme Ltd,upload,INV-${index}\n`;
        yield Buffer.from(text);
      }
    }
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = 0;
    let read = 0;
    let lastLine = 0;

    const reader = readDataTypeCsv(generated(), { dataType: GL, period: '2026-03' });
    for await (const batch of reader) {
      read += batch.rows.length;
      lastLine = batch.lines.at(-1)!;
      peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
    }

    expect(read).toBe(rows);
    expect(lastLine).toBe(rows + 1);
    expect(reader.summary.rowsRead).toBe(rows);
    expect(reader.summary.bytes).toBeGreaterThan(200_000_000);
    // Kept rows would take several times the file's size; a streaming read stays within what GC lets pile up.
    expect(peak).toBeLessThan(128 * 1024 * 1024);
  });
});
