import { describe, expect, it, vi } from 'vitest';
import type { ColumnMapping } from '@finboard/shared/column-mapping';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { uploadApiMessages } from '@finboard/shared/uploads';
import { ApiError } from '../../lib/api-client';
import { uploadBatch, type BatchSteps, type MappingRequest, type UploadRow } from './upload-batch';

// The API client's session store reads the browser's storage when it loads.
vi.hoisted(() => {
  vi.stubGlobal('window', { location: { origin: 'http://finboard.test' }, addEventListener: () => undefined });
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
});

const glDetail = {
  targetTable: '02_GL_Detail' as const,
  columns: STANDARD_DATA_TYPES.find((type) => type.key === 'gl_detail')!.columns,
  columnMappings: [],
  delimiter: ',' as const,
};
const OURS =
  'journal_id,line_no,posting_date,period,account_code,description,debit,credit\nJ1,1,2026-11-02,2026-11,1000,x,1,0\n';
const EXPORT = 'Journal No,Line,Date,Period,Account No,Memo,Amount Dr,Amount Cr\nJ1,1,2026-11-02,2026-11,1000,x,1,0\n';
const EXPORT_MAPPING: ColumnMapping = {
  'Journal No': 'journal_id',
  Line: 'line_no',
  Date: 'posting_date',
  Period: 'period',
  'Account No': 'account_code',
  Memo: 'description',
  'Amount Dr': 'debit',
  'Amount Cr': 'credit',
};

/** A batch run against fakes: what was sent, what was asked, and each row's last state. */
function harness(options: {
  respond?: (file: File, mapping: ColumnMapping | undefined, call: number) => Promise<void>;
  answer?: (request: MappingRequest) => ColumnMapping | undefined;
}) {
  const sent: { name: string; mapping: ColumnMapping | undefined }[] = [];
  const asked: MappingRequest[] = [];
  const rows = new Map<string, Partial<UploadRow>>();
  const steps: BatchSteps = {
    send: async (file, mapping, _signal, onProgress) => {
      sent.push({ name: file.name, mapping });
      onProgress({ loaded: file.size, total: file.size, bytesPerSecond: 1 });
      await options.respond?.(file, mapping, sent.length);
      return { message: { message: uploadApiMessages.uploaded } };
    },
    askMapping: async (request) => {
      asked.push(request);
      return options.answer?.(request);
    },
    update: (key, change) => rows.set(key, { ...rows.get(key), ...change }),
  };
  const entry = (key: string, text: string, signal = new AbortController().signal, readWithLayout = false) => ({
    key,
    file: new File([text], `${key}.csv`, { type: 'text/csv' }),
    signal,
    readWithLayout,
  });
  return { sent, asked, rows, steps, entry };
}

describe('uploadBatch', () => {
  it('sends a file with the expected columns as it is, and says it was uploaded', async () => {
    const { sent, asked, rows, steps, entry } = harness({});
    await uploadBatch([entry('a', OURS)], glDetail, steps);
    expect(asked).toEqual([]);
    expect(sent).toEqual([{ name: 'a.csv', mapping: undefined }]);
    expect(rows.get('a')).toMatchObject({ state: 'uploaded', message: uploadApiMessages.uploaded });
  });

  it('asks for the mapping of a new layout once, and maps the next file of that layout itself', async () => {
    const { sent, asked, steps, entry } = harness({ answer: () => EXPORT_MAPPING });
    await uploadBatch([entry('a', EXPORT), entry('b', EXPORT)], glDetail, steps);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.fileName).toBe('a.csv');
    expect(asked[0]!.suggestions.find((s) => s.fileColumn === 'Account No')).toEqual({
      fileColumn: 'Account No',
      expectedColumn: 'account_code',
      confidence: 0.85,
    });
    expect(sent).toEqual([
      { name: 'a.csv', mapping: EXPORT_MAPPING },
      { name: 'b.csv', mapping: EXPORT_MAPPING },
    ]);
  });

  it('sends a file read with a layout as it is, without the column mapping step, even when the server names its header', async () => {
    const report = '"General Ledger"\n"","Date","Transaction Type","Num","Name","Memo/Description","Split","Amount"\n';
    const { sent, asked, rows, steps, entry } = harness({
      respond: () =>
        Promise.reject(
          new ApiError('columns differ', 400, undefined, {
            header: ['General Ledger'],
            suggestions: [{ fileColumn: 'General Ledger', expectedColumn: null, confidence: 0 }],
          }),
        ),
      answer: () => EXPORT_MAPPING,
    });
    await uploadBatch([entry('a', report, undefined, true)], glDetail, steps);
    expect(asked).toEqual([]);
    expect(sent).toEqual([{ name: 'a.csv', mapping: undefined }]);
    expect(rows.get('a')).toMatchObject({ state: 'failed', message: 'columns differ' });
  });

  it('sends nothing for a file whose mapping step is cancelled, and goes on with the next', async () => {
    const { sent, rows, steps, entry } = harness({ answer: () => undefined });
    await uploadBatch([entry('a', EXPORT), entry('b', OURS)], glDetail, steps);
    expect(sent.map((s) => s.name)).toEqual(['b.csv']);
    expect(rows.get('a')).toEqual({ state: 'cancelled' });
    expect(rows.get('b')?.state).toBe('uploaded');
  });

  it("keeps a refused file's message and problems for the report", async () => {
    const refusal = {
      problems: [{ line: 7, column: 'debit', value: '12,3x', problem: 'is not a number' }],
      problemCount: 1,
      rowsRead: 9,
    };
    const { rows, steps, entry } = harness({
      respond: () => Promise.reject(new ApiError('The file was not accepted: …', 400, undefined, refusal)),
    });
    await uploadBatch([entry('a', OURS)], glDetail, steps);
    expect(rows.get('a')).toMatchObject({ state: 'failed', message: 'The file was not accepted: …', refusal });
  });

  it("takes the server's suggestions to the mapping step when it finds a mismatch, then sends again", async () => {
    const suggestions = [{ fileColumn: 'journal_id', expectedColumn: 'journal_id', confidence: 1 }];
    const { sent, asked, rows, steps, entry } = harness({
      respond: (_file, _mapping, call) =>
        call === 1
          ? Promise.reject(new ApiError('columns differ', 400, undefined, { header: ['journal_id'], suggestions }))
          : Promise.resolve(),
      answer: () => ({ journal_id: 'journal_id' }),
    });
    await uploadBatch([entry('a', OURS)], glDetail, steps);
    expect(asked).toEqual([{ fileName: 'a.csv', header: ['journal_id'], suggestions }]);
    expect(sent.map((s) => s.mapping)).toEqual([undefined, { journal_id: 'journal_id' }]);
    expect(rows.get('a')?.state).toBe('uploaded');
  });

  it('marks a cancelled file cancelled, before it starts or while it goes', async () => {
    const before = new AbortController();
    before.abort();
    const during = new AbortController();
    const { sent, rows, steps, entry } = harness({
      respond: () => {
        during.abort();
        return Promise.reject(new DOMException('The upload was cancelled.', 'AbortError'));
      },
    });
    await uploadBatch([entry('a', OURS, before.signal), entry('b', OURS, during.signal)], glDetail, steps);
    expect(sent.map((s) => s.name)).toEqual(['b.csv']);
    expect(rows.get('a')).toEqual({ state: 'cancelled' });
    expect(rows.get('b')?.state).toBe('cancelled');
  });

  it('says "Upload failed." when the network fails without a message of its own', async () => {
    const { rows, steps, entry } = harness({
      respond: () => Promise.reject(new ApiError(uploadApiMessages.uploadFailed, 0)),
    });
    await uploadBatch([entry('a', OURS)], glDetail, steps);
    expect(rows.get('a')).toMatchObject({
      state: 'failed',
      message: uploadApiMessages.uploadFailed,
      refusal: undefined,
    });
  });
});
