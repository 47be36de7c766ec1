import { describe, expect, it } from 'vitest';
import { centsOf } from './journal-balances.ts';
import { MAX_DIGEST_KEYS, MonthDigester } from './month-digest.ts';

type Line = [
  journal: string | null,
  account: string | null,
  entity: string | null,
  department: string | null,
  debit: string | null,
  credit: string | null,
];

const digestOf = (lines: Line[], cashAccounts?: string[]) => {
  const digester = new MonthDigester(cashAccounts);
  for (const [journal, account, entity, department, debit, credit] of lines)
    digester.add(journal, account, entity, department, centsOf(debit), centsOf(credit));
  return digester.digest;
};

describe('a month digest', () => {
  it('sums debit, credit and lines per account, entity and department, empty apart from named', () => {
    expect(
      digestOf([
        ['J1', '1000', 'Acme', null, '10.5', null],
        ['J1', '4000', 'Acme', null, null, '10.5'],
        ['J2', '1000', 'Acme', null, '0.05', '0'],
        ['J2', '1000', null, null, '0', '0.05'],
        ['J3', '1000', 'Acme', 'Ops', '100', '0'],
      ])?.rows,
    ).toEqual([
      { a: '1000', e: 'Acme', d: null, dr: '10.55', cr: '0.00', n: 2 },
      { a: '1000', e: 'Acme', d: 'Ops', dr: '100.00', cr: '0.00', n: 1 },
      { a: '1000', e: null, d: null, dr: '0.00', cr: '0.05', n: 1 },
      { a: '4000', e: 'Acme', d: null, dr: '0.00', cr: '10.50', n: 1 },
    ]);
  });

  it('counts each journal’s net on the cash accounts per place into cash in and out, a place with cash at zero too', () => {
    const digest = digestOf(
      [
        ['J1', '1000', 'Acme', null, '100', '0'],
        ['J1', '4000', 'Acme', null, '0', '100'],
        ['J2', '5000', 'Acme', null, '30', '0'],
        ['J2', '1000', 'Acme', null, '0', '30'],
        ['J3', '1000', null, 'Ops', '25', '0'],
        ['J3', '1010', null, 'Ops', '0', '25'],
        ['J4', '1000', 'Acme', null, '7.5', '0'],
        ['J4', '1000', 'Acme', null, '0', '2.5'],
        ['J4', '4000', 'Acme', null, '0', '5'],
      ],
      ['1000', '1010', '1020'],
    );
    expect(digest?.cash).toEqual({
      accounts: ['1000', '1010'],
      rows: [
        { e: 'Acme', d: null, ci: '105.00', co: '30.00' },
        { e: null, d: 'Ops', ci: '0.00', co: '0.00' },
      ],
    });
  });

  it('has no cash flow without the cash accounts, or when a journal id does not ascend (it could come back)', () => {
    const lines: Line[] = [
      ['J2', '1000', null, null, '1', '0'],
      ['J2', '4000', null, null, '0', '1'],
      ['J1', '1000', null, null, '1', '0'],
      ['J1', '4000', null, null, '0', '1'],
    ];
    expect(digestOf(lines)).toEqual({ rows: expect.any(Array) });
    expect(digestOf(lines, ['1000'])).toEqual({ rows: expect.any(Array) });
    expect(digestOf([...lines.slice(0, 2), ['J2', '1000', null, null, '1', '0']], ['1000'])?.cash).toBeDefined();
    expect(digestOf([[null, '1000', null, null, '1', '0']], ['1000'])).toEqual({ rows: expect.any(Array) });
  });

  it('gives none for a line without an account, an amount beyond exact cents, or too many keys', () => {
    expect(digestOf([['J1', null, null, null, '1', '0']])).toBeUndefined();
    expect(digestOf([['J1', '1000', null, null, '1.005', '0']])).toBeUndefined();
    expect(digestOf([['J1', '1000', null, null, '9007199254740993', '0']])).toBeUndefined();
    const many: Line[] = Array.from({ length: MAX_DIGEST_KEYS + 1 }, (_, index) => [
      'J1',
      `A${index}`,
      null,
      null,
      '1',
      '0',
    ]);
    expect(digestOf(many.slice(0, MAX_DIGEST_KEYS))?.rows).toHaveLength(MAX_DIGEST_KEYS);
    expect(digestOf(many)).toBeUndefined();
  });
});
