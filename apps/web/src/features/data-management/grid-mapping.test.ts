import { describe, expect, it } from 'vitest';
import type { DataColumn } from '@finboard/shared/data-management';
import { changedFields, editorFor, filtersFromGridModel, isCheckedBeforeSave, lastRowOf, pageOf } from './grid-mapping';

const column = (name: string, type: DataColumn['type'], editable = true): DataColumn => ({
  name,
  type,
  nullable: true,
  primaryKey: false,
  editable,
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
