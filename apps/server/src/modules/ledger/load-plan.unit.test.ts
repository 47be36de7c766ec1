import { describe, expect, it } from 'vitest';
import { DERIVABLE_GL_COLUMNS } from './derived-columns.ts';
import { loadModeOf, missingKeyColumnOf, nameReplaced, replacedFileIdsOf } from './load-plan.ts';
import { describeKey, describeRow, TABLE_RULES } from './table-rules.ts';

const GL_RULES = TABLE_RULES['02_GL_Detail'];
const ACCOUNT_RULES = TABLE_RULES['01_Account'];

describe('which load mode applies', () => {
  it('adds by default, even for a period-based type', () => {
    expect(loadModeOf({ periodBased: true, files: [{}] }, GL_RULES)).toBe('add');
  });

  it('replaces whole periods when the run asks and the type is period-based', () => {
    expect(loadModeOf({ mode: 'replace-periods', periodBased: true, files: [{}] }, GL_RULES)).toBe('replace-periods');
  });

  it('replaces whole periods when one file of the run was uploaded asking for it', () => {
    expect(
      loadModeOf({ periodBased: true, files: [{ replacePeriods: false }, { replacePeriods: true }] }, GL_RULES),
    ).toBe('replace-periods');
  });

  it('adds when a type that is not period-based asks to replace periods', () => {
    expect(
      loadModeOf({ mode: 'replace-periods', periodBased: false, files: [{ replacePeriods: true }] }, GL_RULES),
    ).toBe('add');
  });

  it('adds when the table has no periods, whatever the type says', () => {
    expect(loadModeOf({ mode: 'replace-periods', periodBased: true, files: [{}] }, ACCOUNT_RULES)).toBe('add');
  });
});

describe('which files a load replaces', () => {
  it('names each replaced file once, in the order of the files naming them', () => {
    expect(
      replacedFileIdsOf([
        { replacesFileId: 'file-b' },
        { replacesFileId: null },
        {},
        { replacesFileId: 'file-a' },
        { replacesFileId: 'file-b' },
      ]),
    ).toEqual(['file-b', 'file-a']);
  });

  it('replaces no file when no upload named one', () => {
    expect(replacedFileIdsOf([{}, { replacesFileId: null }])).toEqual([]);
  });
});

describe('how a replaced set is named in messages', () => {
  it('names one period', () => {
    expect(nameReplaced({ mode: 'replace-periods', periods: ['2026-11'], fileNames: [] })).toBe('period 2026-11');
  });

  it('names several periods and the replaced files, joined by "and"', () => {
    expect(
      nameReplaced({
        mode: 'replace-periods',
        periods: ['2026-10', '2026-11'],
        fileNames: ['gl_2026-10.csv', 'gl_2026-11.csv'],
      }),
    ).toBe('periods 2026-10, 2026-11 and gl_2026-10.csv and gl_2026-11.csv');
  });

  it('names only the replaced file when the load adds', () => {
    expect(nameReplaced({ mode: 'add', periods: ['2026-11'], fileNames: ['gl_2026-11.csv'] })).toBe('gl_2026-11.csv');
  });

  it('says "the ledger" when nothing in particular is replaced', () => {
    expect(nameReplaced({ mode: 'add', periods: [], fileNames: [] })).toBe('the ledger');
    expect(nameReplaced({ mode: 'replace-periods', periods: [], fileNames: [] })).toBe('the ledger');
  });
});

describe('which key column a load lacks', () => {
  const gl = (fileColumns: string[], periodBased = true) =>
    missingKeyColumnOf('02_GL_Detail', GL_RULES, { periodBased, fileColumns, derivable: DERIVABLE_GL_COLUMNS });

  it('needs no GL source, period or line number in the file: they are the load’s or derived', () => {
    expect(gl(['journal_id', 'posting_date', 'account_code', 'debit', 'credit'])).toBeUndefined();
  });

  it('refuses GL lines without a journal id, which is never derived', () => {
    expect(gl(['posting_date', 'line_no', 'period', 'account_code'])).toBe('journal_id');
  });

  it('needs a budget’s whole natural key', () => {
    expect(
      missingKeyColumnOf('03_Budget', TABLE_RULES['03_Budget'], {
        periodBased: true,
        fileColumns: ['period', 'account_code', 'amount'],
      }),
    ).toBe('department');
  });

  it('needs the period of a period-based type even where the table’s key lacks it', () => {
    expect(
      missingKeyColumnOf(
        '01_Account',
        { key: ['account_code'], period: 'period' },
        { periodBased: true, fileColumns: ['account_code'] },
      ),
    ).toBe('period');
    expect(
      missingKeyColumnOf(
        '01_Account',
        { key: ['account_code'], period: 'period' },
        { periodBased: false, fileColumns: ['account_code'] },
      ),
    ).toBeUndefined();
  });

  it('derives nothing for tables other than the GL', () => {
    expect(
      missingKeyColumnOf('04_Trial_Balance', TABLE_RULES['04_Trial_Balance'], {
        periodBased: true,
        fileColumns: ['account_code'],
        derivable: DERIVABLE_GL_COLUMNS,
      }),
    ).toBe('period');
  });
});

describe('how keys and rows are described', () => {
  it('describes a GL key as people read it, its source included', () => {
    expect(describeKey('02_GL_Detail', GL_RULES.key, 'upload\x1fJE-5001\x1f2')).toBe(
      'source upload, Journal JE-5001, line 2',
    );
  });

  it('describes a GL row without its source', () => {
    expect(describeRow('02_GL_Detail', 'JE-5001\x1f2', ['journal_id', 'line_no'])).toBe('journal JE-5001, line 2');
  });

  it('capitalizes the keys of tables other than the GL and periods', () => {
    expect(describeKey('01_Account', ['account_code'], '4000')).toBe('Account 4000');
    expect(describeKey('03_Budget', TABLE_RULES['03_Budget'].key, '2026-11\x1f4000\x1fSales')).toBe(
      'Period 2026-11, account 4000, department Sales',
    );
    expect(describeKey('00_Period', ['Period'], '2026-11')).toBe('Period 2026-11');
  });

  it('starts a row described in a list with a small letter', () => {
    expect(describeRow('01_Account', '4000')).toBe('account 4000');
    expect(describeRow('04_Trial_Balance', '2026-11\x1f4000')).toBe('period 2026-11, account 4000');
  });

  it('leaves a missing value out rather than naming it "undefined"', () => {
    expect(describeKey('03_Budget', TABLE_RULES['03_Budget'].key, '2026-11\x1f4000')).toBe(
      'Period 2026-11, account 4000, department',
    );
  });
});
