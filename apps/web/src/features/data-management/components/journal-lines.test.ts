import { describe, expect, it } from 'vitest';
import { accountOptions, linesToSave, type EditedLine } from './journal-lines';

describe('accountOptions', () => {
  it('shows each account by code and name, and by code alone when the chart gives no name', () => {
    expect(
      accountOptions([
        { code: '1000', name: 'Cash' },
        { code: '9999', name: '' },
      ]),
    ).toEqual([
      { value: '1000', label: '1000 · Cash' },
      { value: '9999', label: '9999' },
    ]);
  });
});

describe('linesToSave', () => {
  const line = (overrides: Partial<EditedLine>): EditedLine => ({
    key: 7,
    line_no: '1',
    posting_date: '2024-11-05',
    period: '2024-11',
    account_code: '1000',
    description: 'Sale',
    debit: '25.00',
    credit: '',
    ...overrides,
  });

  it('numbers the lines, drops the key and keeps the entity and department as typed, trimmed', () => {
    expect(linesToSave([line({ entity: ' US01 ', department: 'Sales' })])).toEqual([
      {
        line_no: 1,
        posting_date: '2024-11-05',
        period: '2024-11',
        account_code: '1000',
        description: 'Sale',
        debit: '25.00',
        credit: '',
        entity: 'US01',
        department: 'Sales',
        counterparty: null,
        reference: null,
      },
    ]);
  });

  it('sends a blank or missing entity, department, counterparty and reference as none (null)', () => {
    const [saved] = linesToSave([line({ line_no: '2', entity: '   ', department: '', reference: 'INV-9' })]);
    expect(saved).toMatchObject({ line_no: 2, entity: null, department: null, counterparty: null, reference: 'INV-9' });
  });
});
