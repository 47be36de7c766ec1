import { describe, expect, it } from 'vitest';
import type { DataColumn, DataFilter } from '@finboard/shared/data-management';
import {
  accountWithName,
  changedFields,
  choiceLabel,
  choicesFor,
  editorFor,
  filtersFromGridModel,
  formatMoney,
  gridModelFromFilters,
  isCheckedBeforeSave,
  lastRowOf,
  pageOf,
  showsAccountName,
  widthOf,
} from './grid-mapping';

const column = (name: string, type: DataColumn['type'], editable = true): DataColumn => ({
  name,
  label: name,
  type,
  nullable: true,
  primaryKey: false,
  editable,
  required: false,
  money: type === 'numeric',
});

describe('editorFor', () => {
  it('picks the number editor for numeric, integer and bigint columns', () => {
    expect(editorFor(column('debit', 'numeric'), false)).toBe('agNumberCellEditor');
    expect(editorFor(column('line_no', 'integer'), false)).toBe('agNumberCellEditor');
    expect(editorFor(column('big', 'bigint'), false)).toBe('agNumberCellEditor');
  });

  it('picks the date string editor for dates, the checkbox for booleans and text otherwise', () => {
    expect(editorFor(column('posting_date', 'date'), false)).toBe('agDateStringCellEditor');
    expect(editorFor(column('is_closed', 'boolean'), false)).toBe('agCheckboxCellEditor');
    expect(editorFor(column('description', 'text'), false)).toBe('agTextCellEditor');
    expect(editorFor(column('created_at', 'timestamp'), false)).toBe('agTextCellEditor');
  });

  it('offers no editor for row_id, columns the API marks not editable, and views', () => {
    expect(editorFor(column('row_id', 'bigint'), false)).toBeUndefined();
    expect(editorFor(column('journal_id', 'text', false), false)).toBeUndefined();
    expect(editorFor(column('amount', 'numeric'), true)).toBeUndefined();
  });
});

describe('filtersFromGridModel', () => {
  it('maps text, number and date conditions to the contract ops', () => {
    expect(
      filtersFromGridModel({
        description: { filterType: 'text', type: 'contains', filter: 'rent' },
        account_code: { filterType: 'text', type: 'startsWith', filter: '6' },
        debit: { filterType: 'number', type: 'greaterThanOrEqual', filter: 100 },
        credit: { filterType: 'number', type: 'inRange', filter: 1, filterTo: 5 },
        posting_date: {
          filterType: 'date',
          type: 'inRange',
          dateFrom: '2025-01-01 00:00:00',
          dateTo: '2025-01-31 00:00:00',
        },
        entity: { filterType: 'text', type: 'notEqual', filter: 'EU' },
        department: { filterType: 'text', type: 'blank' },
      }),
    ).toEqual([
      { column: 'description', op: 'contains', value: 'rent' },
      { column: 'account_code', op: 'startsWith', value: '6' },
      { column: 'debit', op: 'gte', value: 100 },
      { column: 'credit', op: 'between', value: 1, valueTo: 5 },
      { column: 'posting_date', op: 'between', value: '2025-01-01', valueTo: '2025-01-31' },
      { column: 'entity', op: 'ne', value: 'EU' },
      { column: 'department', op: 'blank' },
    ]);
  });

  it('ands combined conditions and leaves out OR, unknown ops and conditions without a value', () => {
    expect(
      filtersFromGridModel({
        debit: {
          filterType: 'number',
          operator: 'AND',
          conditions: [
            { filterType: 'number', type: 'greaterThan', filter: 10 },
            { filterType: 'number', type: 'lessThan', filter: 20 },
          ],
        },
        credit: {
          filterType: 'number',
          operator: 'OR',
          conditions: [
            { filterType: 'number', type: 'equals', filter: 1 },
            { filterType: 'number', type: 'equals', filter: 2 },
          ],
        },
        description: { filterType: 'text', type: 'endsWith', filter: 'x' },
        reference: { filterType: 'text', type: 'equals', filter: '' },
        posting_date: { filterType: 'date', type: 'lessThan', dateFrom: '2025-03-01 00:00:00' },
      }),
    ).toEqual([
      { column: 'debit', op: 'gt', value: 10 },
      { column: 'debit', op: 'lt', value: 20 },
      { column: 'posting_date', op: 'lt', value: '2025-03-01' },
    ]);
    expect(filtersFromGridModel(null)).toEqual([]);
  });
});

describe('paging', () => {
  it('turns grid blocks into API pages', () => {
    expect(pageOf(0, 100)).toBe(1);
    expect(pageOf(300, 100)).toBe(4);
  });

  it('trusts exact totals, and an estimate only once a short page ends the table', () => {
    expect(lastRowOf(0, 100, 100, 250, false)).toBe(250);
    expect(lastRowOf(0, 100, 100, 1_000_000, true)).toBeUndefined();
    expect(lastRowOf(200, 37, 100, 1_000_000, true)).toBe(237);
  });
});

describe('changedFields', () => {
  it('lists only what an update changed, and the values a create or delete set', () => {
    expect(
      changedFields({ row_id: 1, debit: '10.00', period: '2025-01' }, { row_id: 1, debit: '12.50', period: '2025-01' }),
    ).toEqual([{ column: 'debit', before: '10.00', after: '12.50' }]);
    expect(changedFields(null, { row_id: 2, period: '2025-02', entity: null })).toEqual([
      { column: 'period', before: null, after: '2025-02' },
    ]);
    expect(changedFields({ row_id: 2, period: '2025-02', entity: '' }, null)).toEqual([
      { column: 'period', before: '2025-02', after: null },
    ]);
  });
});

describe('isCheckedBeforeSave', () => {
  it('checks account codes and periods, except in the table that defines them', () => {
    expect(isCheckedBeforeSave('02_GL_Detail', 'account_code')).toBe(true);
    expect(isCheckedBeforeSave('02_GL_Detail', 'period')).toBe(true);
    expect(isCheckedBeforeSave('01_Account', 'account_code')).toBe(false);
    expect(isCheckedBeforeSave('02_GL_Detail', 'description')).toBe(false);
  });
});

describe('gridModelFromFilters', () => {
  const columns = [
    column('description', 'text'),
    column('debit', 'numeric'),
    column('line_no', 'integer'),
    column('posting_date', 'date'),
    column('is_closed', 'boolean'),
  ];

  it('gives back the filters the grid reported: a link opens with the same filters in the grid', () => {
    const filters: DataFilter[] = [
      { column: 'description', op: 'contains', value: 'rent' },
      { column: 'debit', op: 'between', value: 10, valueTo: 20.5 },
      { column: 'line_no', op: 'lte', value: 2 },
      { column: 'posting_date', op: 'between', value: '2025-01-01', valueTo: '2025-01-31' },
      { column: 'is_closed', op: 'eq', value: 'true' },
      { column: 'description', op: 'blank' },
    ];
    const model = gridModelFromFilters(filters, columns);
    expect(model.posting_date).toEqual({
      filterType: 'date',
      type: 'inRange',
      dateFrom: '2025-01-01 00:00:00',
      dateTo: '2025-01-31 00:00:00',
    });
    // One condition per column: the second filter on description is left out.
    expect(filtersFromGridModel(model)).toEqual(filters.slice(0, 5));
  });

  it('leaves out filters on columns the table does not have', () => {
    expect(gridModelFromFilters([{ column: 'nope', op: 'eq', value: 'x' }], columns)).toEqual({});
  });

  it('hands numbers from a link to the number filter as numbers', () => {
    expect(gridModelFromFilters([{ column: 'debit', op: 'gt', value: '100.5' }], columns)).toEqual({
      debit: { filterType: 'number', type: 'greaterThan', filter: 100.5 },
    });
  });
});

describe('formatMoney', () => {
  it('shows thousands separators and two decimals in the given locale', () => {
    expect(formatMoney('12345.6', 'en-US')).toBe('12,345.60');
    expect(formatMoney('-400000', 'en-US')).toBe('-400,000.00');
    expect(formatMoney('12345.67', 'de-DE')).toBe('12.345,67');
    expect(formatMoney(0, 'en-US')).toBe('0.00');
  });

  it('formats the stored decimal exactly, beyond what a float holds', () => {
    expect(formatMoney('9999999999999995.00', 'en-US')).toBe('9,999,999,999,999,995.00');
  });

  it('shows nothing for no value and anything else as it is', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('Total')).toBe('Total');
  });
});

describe('account names', () => {
  const names = new Map([['6100', 'Office supplies']]);

  it('shows a known code with its name and an unknown one as it is', () => {
    expect(accountWithName('6100', names)).toBe('6100 · Office supplies');
    expect(accountWithName('9999', names)).toBe('9999');
    expect(accountWithName(null, names)).toBe('');
  });

  it('names accounts beside the code in every table but the chart of accounts itself', () => {
    expect(showsAccountName('02_GL_Detail', 'account_code')).toBe(true);
    expect(showsAccountName('vw_profit_and_loss', 'account_code')).toBe(true);
    expect(showsAccountName('01_Account', 'account_code')).toBe(false);
    expect(showsAccountName('02_GL_Detail', 'period')).toBe(false);
  });
});

describe('widthOf', () => {
  it('gives the description the most room and money columns room for their figures', () => {
    expect(widthOf(column('description', 'text'))).toEqual({ minWidth: 280, flex: 3 });
    expect(widthOf(column('debit', 'numeric')).minWidth).toBeGreaterThan(
      widthOf(column('line_no', 'integer')).minWidth,
    );
  });
});

describe('the chart of accounts’ words in the Studio', () => {
  it('offers the account types, and the standard subtypes of the row’s type', () => {
    expect(choicesFor('01_Account', 'account_type')).toEqual(['asset', 'liability', 'equity', 'revenue', 'expense']);
    expect(choicesFor('01_Account', 'account_subtype', { account_type: 'revenue' })).toEqual([
      'sales',
      'contra_revenue',
      'other_income',
    ]);
    // A row without a known type: every standard subtype (9 + 9 + 4 + 3 + 6).
    expect(choicesFor('01_Account', 'account_subtype', { account_type: 'Bank' })).toHaveLength(31);
    expect(choicesFor('02_GL_Detail', 'account_type')).toBeUndefined();
    expect(choicesFor('01_Account', 'account_name')).toBeUndefined();
  });
  it('edits them with a select, and labels a standard subtype', () => {
    const subtype = { ...column('account_subtype', 'text'), editable: true };
    expect(editorFor(subtype, false, '01_Account')).toBe('agSelectCellEditor');
    expect(editorFor(subtype, false, 'vw_custom')).toBe('agTextCellEditor');
    expect(choiceLabel('operating_expense')).toBe('operating_expense — Operating expenses');
    expect(choiceLabel('Bank')).toBe('Bank');
  });
});
