import { describe, expect, it } from 'vitest';
import { STANDARD_DATA_TYPES } from '@finboard/shared/data-types';
import { checkHeader, parseHeader, readHeader } from './file-header';

const glDetail = {
  targetTable: '02_GL_Detail' as const,
  columns: STANDARD_DATA_TYPES.find((type) => type.key === 'gl_detail')!.columns,
  columnMappings: [],
};
const ourHeader = glDetail.columns.map((column) => column.name);
const exportHeader = ['Journal No', 'Line', 'Date', 'Period', 'Account No', 'Memo', 'Amount Dr', 'Amount Cr'];

describe('parseHeader', () => {
  it("reads the first record with the data type's delimiter, trimmed, quotes and a BOM removed", () => {
    expect(parseHeader('\uFEFF"Journal No"; Line ;"Memo; long"\r\nJ1;1;x\n', ';')).toEqual([
      'Journal No',
      'Line',
      'Memo; long',
    ]);
    expect(parseHeader('a\tb|c\n', '\t')).toEqual(['a', 'b|c']);
  });
  it('leaves an empty or binary file to the server, which names the reason', () => {
    expect(parseHeader('', ',')).toBeUndefined();
    expect(parseHeader(' , \n1,2', ',')).toBeUndefined();
    expect(parseHeader('PK\u0003\u0004\0\0journal_id', ',')).toBeUndefined();
  });
  it('reads only the start of a file', async () => {
    const file = new Blob([`journal_id,line_no\n${'J1,1\n'.repeat(50_000)}`]);
    expect(await readHeader(file, ',')).toEqual(['journal_id', 'line_no']);
  });
});

describe('checkHeader', () => {
  it('sends a file with the expected columns (any letter case or spacing) as it is', () => {
    expect(checkHeader(glDetail, ourHeader)).toEqual({ kind: 'ready', mapping: undefined });
    expect(checkHeader(glDetail, ['Journal ID', 'Line No', 'Posting Date', 'Period', 'Account Code'])).toEqual({
      kind: 'ready',
      mapping: undefined,
    });
  });
  it('asks for a mapping of an unknown layout, with the suggestions preselected', () => {
    const check = checkHeader(glDetail, exportHeader);
    expect(check.kind).toBe('needsMapping');
    if (check.kind !== 'needsMapping') return;
    expect(check.header).toEqual(exportHeader);
    expect(check.suggestions.map((s) => [s.fileColumn, s.expectedColumn, s.confidence])).toEqual([
      ['Journal No', 'journal_id', 0.85],
      ['Line', 'line_no', 0.85],
      ['Date', 'posting_date', 0.6],
      ['Period', 'period', 0.95],
      ['Account No', 'account_code', 0.85],
      ['Memo', 'description', 0.85],
      ['Amount Dr', 'debit', 0.85],
      ['Amount Cr', 'credit', 0.85],
    ]);
  });
  it('maps a layout saved on the data type, or confirmed earlier in the batch, without asking', () => {
    const mapping = {
      'Journal No': 'journal_id',
      Line: 'line_no',
      Date: 'posting_date',
      Period: 'period',
      'Account No': 'account_code',
      Memo: 'description',
      'Amount Dr': 'debit',
      'Amount Cr': 'credit',
    };
    const saved = { ...glDetail, columnMappings: [{ header: exportHeader, mapping }] };
    expect(
      checkHeader(
        saved,
        exportHeader.map((cell) => cell.toUpperCase()),
      ),
    ).toEqual({
      kind: 'ready',
      mapping: Object.fromEntries(Object.entries(mapping).map(([file, ours]) => [file.toUpperCase(), ours])),
    });
    expect(checkHeader(glDetail, exportHeader, [{ header: exportHeader, mapping }])).toEqual({
      kind: 'ready',
      mapping,
    });
  });
  it('asks again when a saved layout no longer fills a required column', () => {
    const saved = {
      ...glDetail,
      columnMappings: [
        { header: exportHeader, mapping: { ...Object.fromEntries(exportHeader.map((c) => [c, null])) } },
      ],
    };
    expect(checkHeader(saved, exportHeader).kind).toBe('needsMapping');
  });
  it('leaves a file it cannot read to the server', () => {
    expect(checkHeader(glDetail, undefined)).toEqual({ kind: 'ready' });
  });
});
