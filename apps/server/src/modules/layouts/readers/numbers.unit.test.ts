import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutMessages as m } from '@finboard/shared/layouts';
import { detectNumberFormat, readAmount, readNumber, type NumberFormat } from './numbers.ts';

const POINT: NumberFormat = { decimal: '.' };
const COMMA: NumberFormat = { decimal: ',' };
const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('readAmount with a decimal point', () => {
  it.each([
    // plain
    ['0', '0'],
    ['12', '12'],
    ['12.5', '12.5'],
    ['12.50', '12.50'],
    ['.5', '0.5'],
    ['007.50', '7.50'],
    ['-0', '0'],
    ['-0.00', '0.00'],
    ['+12.30', '12.30'],
    ['-1234.5', '-1234.5'],
    ['\u22121234.5', '-1234.5'],
    // thousands
    ['1,000.00', '1000.00'],
    ['1,234', '1234'],
    ['12,345,678.90', '12345678.90'],
    [`1${NBSP}234${NBSP}567.89`, '1234567.89'],
    [`1${NNBSP}234.50`, '1234.50'],
    ['1 234.50', '1234.50'],
    ["1'234'567.80", '1234567.80'],
    ['1’234.80', '1234.80'],
    ['12,34,567.00', '1234567.00'],
    // negatives as exports write them
    ['(600.00)', '-600.00'],
    ['( 600.00 )', '-600.00'],
    ['1,234.00-', '-1234.00'],
    ['1,234.00 -', '-1234.00'],
    ['(0.00)', '0.00'],
    // currencies before or after, with or without a space
    ['$1,234.50', '1234.50', '$'],
    ['-$1,234.50', '-1234.50', '$'],
    ['$-1,234.50', '-1234.50', '$'],
    ['($1,234.50)', '-1234.50', '$'],
    ['$(1,234.50)', '-1234.50', '$'],
    ['$ 1,234.50', '1234.50', '$'],
    ['£99.99', '99.99', '£'],
    ['¥1,000', '1000', '¥'],
    ['US$ 5.00', '5.00', 'US$'],
    ['USD 1,000.00', '1000.00', 'USD'],
    ['1,000.00 USD', '1000.00', 'USD'],
    ['1,000.00USD', '1000.00', 'USD'],
    ["CHF 1'234.50", '1234.50', 'CHF'],
    ['R1 234.56', '1234.56', 'R'],
    ['1,234.00- GBP', '-1234.00', 'GBP'],
    // Excel's accounting format writes zero as a dash
    ['-', '0'],
    ['$ -', '0', '$'],
  ])('reads %j as %j', (raw, amount, currency?: string) => {
    expect(readAmount(raw, POINT)).toEqual(currency ? { amount, currency } : { amount });
  });

  it.each([
    ['100.00 CR', '100.00', 'credit'],
    ['100.00CR', '100.00', 'credit'],
    ['100.00 Cr', '100.00', 'credit'],
    ['100.00 cr.', '100.00', 'credit'],
    ['CR 100.00', '100.00', 'credit'],
    ['1,250.00 DR', '1250.00', 'debit'],
    ['Dr 1,250.00', '1250.00', 'debit'],
    ['1,250.00 Dr.', '1250.00', 'debit'],
    ['0.00 CR', '0.00', 'credit'],
  ])('reads %j as %j on the %s side, unsigned', (raw, amount, side) => {
    expect(readAmount(raw, POINT)).toEqual({ amount, side });
  });

  it('says which currency an amount carries, as written', () => {
    expect(readAmount('$ 1.00 CR', POINT)).toEqual({ amount: '1.00', side: 'credit', currency: '$' });
    expect(readAmount('€12.00', POINT)).toEqual({ amount: '12.00', currency: '€' });
    expect(readAmount('12.00 kr.', POINT)).toEqual({ amount: '12.00', currency: 'kr' });
    expect(readAmount('Kr 12.00', POINT)).toEqual({ amount: '12.00', currency: 'kr' });
    expect(readAmount('EUR -3.50', POINT)).toEqual({ amount: '-3.50', currency: 'EUR' });
  });

  it.each(['', '   ', `${NBSP}`])('reads %j as empty', (raw) => {
    expect(readAmount(raw, POINT)).toEqual({ empty: true });
  });

  it.each([
    ['abc', m.notAmount],
    ['1.2.3', m.notAmount],
    ['12,5', m.notAmount],
    ['1.234,56', m.notAmount],
    ['1,23', m.notAmount],
    ['1,2345', m.notAmount],
    ['1,234 567.00', m.notAmount],
    ['1,,234', m.notAmount],
    ['12.', m.notAmount],
    ['.', m.notAmount],
    ['()', m.notAmount],
    ['(100', m.notAmount],
    ['100)', m.notAmount],
    ['1e5', m.notAmount],
    ['0x1A', m.notAmount],
    ['Infinity', m.notAmount],
    ['NaN', m.notAmount],
    ['12%', m.notAmount],
    ['$€12', m.notAmount],
    ['USD 12 EUR', m.notAmount],
    ['Rent', m.notAmount],
    ['Credit', m.notAmount],
    ['CR', m.notAmount],
    ['Dr. Smith', m.notAmount],
    ['1 2', m.notAmount],
    ['1'.repeat(101), m.notAmount],
    ['--5', m.amountTwoSigns],
    ['-(600.00)', m.amountTwoSigns],
    ['(600.00)-', m.amountTwoSigns],
    ['+5-', m.amountTwoSigns],
    ['-100.00 CR', m.amountTwoSigns],
    ['(100.00) DR', m.amountTwoSigns],
    ['CR 100.00 DR', m.amountTwoSigns],
    ['1.234', m.amountDecimals],
    ['0.001', m.amountDecimals],
    ['12.345', m.amountDecimals],
    ['12345678901234567', m.amountTooLarge],
    ['12,345,678,901,234,567.00', m.amountTooLarge],
  ])('refuses %j: %s', (raw, problem) => {
    expect(readAmount(raw, POINT)).toEqual({ problem });
  });

  it('drops decimals past the second when they are zeros', () => {
    expect(readAmount('1.000', POINT)).toEqual({ amount: '1.00' });
    expect(readAmount('12.5000', POINT)).toEqual({ amount: '12.50' });
    expect(readAmount('-0.000', POINT)).toEqual({ amount: '0.00' });
  });

  it('reads 16 digits before the point, leading zeros not counted', () => {
    expect(readAmount('9999999999999999.99', POINT)).toEqual({ amount: '9999999999999999.99' });
    expect(readAmount('-0009999999999999999', POINT)).toEqual({ amount: '-9999999999999999' });
    expect(readAmount('9,999,999,999,999,999.99', POINT)).toEqual({ amount: '9999999999999999.99' });
  });
});

describe('readAmount with a decimal comma', () => {
  it.each([
    ['12,5', '12.5'],
    ['12,50', '12.50'],
    [',5', '0.5'],
    ['1.234,56', '1234.56'],
    ['1.234', '1234'],
    ['1.234.567', '1234567'],
    ['1 234,56', '1234.56'],
    [`1${NBSP}234${NBSP}567,89`, '1234567.89'],
    [`1${NNBSP}234,56`, '1234.56'],
    ["1'234,56", '1234.56'],
    ['-1.234,56', '-1234.56'],
    ['1.234,56-', '-1234.56'],
    ['(1.234,56)', '-1234.56'],
    ['1,000', '1.00'],
    ['0,00', '0.00'],
  ])('reads %j as %j', (raw, amount) => {
    expect(readAmount(raw, COMMA)).toEqual({ amount });
  });

  it('reads currencies and CR/DR around a decimal comma', () => {
    expect(readAmount('1.234,56 €', COMMA)).toEqual({ amount: '1234.56', currency: '€' });
    expect(readAmount(`-1.234,56${NBSP}€`, COMMA)).toEqual({ amount: '-1234.56', currency: '€' });
    expect(readAmount('€ -1.234,56', COMMA)).toEqual({ amount: '-1234.56', currency: '€' });
    expect(readAmount('1 234,56 kr', COMMA)).toEqual({ amount: '1234.56', currency: 'kr' });
    expect(readAmount('1.234,56 Fr.', COMMA)).toEqual({ amount: '1234.56', currency: 'Fr.' });
    expect(readAmount('R 1 234,56', COMMA)).toEqual({ amount: '1234.56', currency: 'R' });
    expect(readAmount('250,00 CR', COMMA)).toEqual({ amount: '250.00', side: 'credit' });
  });

  it.each([
    ['1,234.56', m.notAmount],
    ['12.5', m.notAmount],
    ['1.23,4', m.notAmount],
    ['12,34,567', m.notAmount],
    ['1,2,3', m.notAmount],
    ['1,234', m.amountDecimals],
  ])('refuses %j: %s', (raw, problem) => {
    expect(readAmount(raw, COMMA)).toEqual({ problem });
  });
});

/** Cents written as an export would: grouped by three with `separator`, with `decimal` before the cents. */
function written(cents: bigint, separator: string, decimal: string): string {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+$)/g, separator);
  return `${whole}${decimal}${(cents % 100n).toString().padStart(2, '0')}`;
}

/** The canonical text of cents: '-1234.05'. */
const canonicalOf = (cents: bigint) =>
  `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${((cents < 0n ? -cents : cents) % 100n).toString().padStart(2, '0')}`;

const MAX_CENTS = 10n ** 18n - 1n;

describe('readAmount, for any amount', () => {
  const styles = [
    [POINT, [',', ' ', NBSP, NNBSP, "'", '’', '']],
    [COMMA, ['.', ' ', NBSP, NNBSP, "'", '’', '']],
  ] as const;

  it('reads any cents value written with thousands separators of any supported style back to the same amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MAX_CENTS }),
        fc.constantFrom(...styles),
        fc.nat(6),
        fc.constantFrom('minus', 'parentheses', 'trailing minus', 'plus', 'none'),
        fc.constantFrom('', '$', '€ ', 'USD ', ' EUR', ' kr', '£'),
        (cents, [format, separators], which, sign, currency) => {
          const body = written(cents, separators[which]!, format.decimal);
          const signed = {
            minus: `-${body}`,
            parentheses: `(${body})`,
            'trailing minus': `${body}-`,
            plus: `+${body}`,
            none: body,
          }[sign];
          const raw = currency.startsWith(' ') ? `${signed}${currency}` : `${currency}${signed}`;
          const negative = sign === 'minus' || sign === 'parentheses' || sign === 'trailing minus';

          const reading = readAmount(raw, format);

          expect(reading).toMatchObject({ amount: canonicalOf(negative ? -cents : cents) });
        },
      ),
    );
  });

  it('reads a CR/DR amount as unsigned, on its side', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_CENTS }), fc.constantFrom('CR', 'Cr', 'DR', 'Dr'), (cents, marker) => {
        expect(readAmount(`${written(cents, ',', '.')} ${marker}`, POINT)).toEqual({
          amount: canonicalOf(cents),
          side: marker.toUpperCase() === 'CR' ? 'credit' : 'debit',
        });
      }),
    );
  });

  it('answers every text with an amount already canonical, an empty cell or a problem, never throwing', () => {
    const canonical = /^-?(0|[1-9]\d{0,15})(\.\d{1,2})?$/;
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^[-+(]?[$€]?[0-9., '\u00a0]{0,24}[)-]?( ?CR| ?DR)?$/)),
        fc.constantFrom(POINT, COMMA),
        (raw, format) => {
          const reading = readAmount(raw, format);
          if ('amount' in reading) {
            expect(reading.amount).toMatch(canonical);
            expect(reading.amount).not.toBe('-0');
            expect(readAmount(reading.amount, POINT)).toEqual({ amount: reading.amount });
          } else if ('problem' in reading) {
            expect(Object.values(m)).toContain(reading.problem);
          } else {
            expect(raw.trim()).toBe('');
          }
        },
      ),
    );
  });
});

describe('detectNumberFormat', () => {
  it.each([
    [['1.234,56'], ','],
    [['12,5'], ','],
    [['1 234,56'], ','],
    [['1.234'], ','],
    [['1,234.56'], '.'],
    [['12.50'], '.'],
    [['1,234'], '.'],
    [['1.000'], '.'],
    [['1 234'], '.'],
    [['1234'], '.'],
    [[], '.'],
    [['', ' '], '.'],
    [['n/a', 'Total'], '.'],
    [['1,000', '2,500', '12,50'], ','],
    [['1,000', '2,500', '12.50'], '.'],
    [['(1.234,56)', '€ 12,00', '-', '3.000'], ','],
    [['$1,234.56', '1,234.00-', '100.00 CR'], '.'],
    [['1.234,56', '1,234.56'], '.'],
    [['1.234,56', '12,50', '1,234.56'], ','],
  ])('finds %j written with a decimal %j', (values, decimal) => {
    expect(detectNumberFormat(values)).toEqual({ decimal });
  });

  it('finds the decimal comma of any column written so, once a value has cents', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: MAX_CENTS }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom('.', ' ', NBSP, ''),
        (column, separator) => {
          fc.pre(column.some((cents) => cents % 100n !== 0n));
          expect(detectNumberFormat(column.map((cents) => written(cents, separator, ',')))).toEqual(COMMA);
          expect(
            detectNumberFormat(column.map((cents) => written(cents, separator === '.' ? ',' : separator, '.'))),
          ).toEqual(POINT);
        },
      ),
    );
  });
});

describe('readNumber', () => {
  it.each([
    ['1.23456', POINT, { number: '1.23456', leadingZero: false }],
    ['123456789012345678901234', POINT, { number: '123456789012345678901234', leadingZero: false }],
    ['1.234,5678', COMMA, { number: '1234.5678', leadingZero: false }],
    ['$1,234.50', POINT, { number: '1234.50', currency: '$', leadingZero: false }],
    ['(600.00)', POINT, { number: '-600.00', leadingZero: false }],
    ['100 CR', POINT, { number: '100', side: 'credit', leadingZero: false }],
    ['007', POINT, { number: '7', leadingZero: true }],
    ['-00.5', POINT, { number: '-0.5', leadingZero: true }],
    ['0.5', POINT, { number: '0.5', leadingZero: false }],
    ['0 123', POINT, { number: '123', leadingZero: true }],
  ])('reads %j as a number', (raw, format, number) => {
    expect(readNumber(raw, format)).toEqual(number);
  });

  it.each(['', ' ', '-', '$ -', 'abc', '--5', '1,23', '1e5'])('reads %j as no number', (raw) => {
    expect(readNumber(raw, POINT)).toBeUndefined();
  });
});
