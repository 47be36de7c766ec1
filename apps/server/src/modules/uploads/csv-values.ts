import type { DataTypeColumn } from '@finboard/shared/data-types';
import { uploadMessages } from '@finboard/shared/uploads';
import { isCalendarDay } from '@finboard/shared/validation';
import { isMoneyColumn } from '@finboard/shared/warehouse';

/**
 * One CSV cell read as its expected column's type, in the canonical text a pipeline COPYs: ISO dates,
 * plain decimals ('-1234.50'), 'true'/'false', and null for an empty cell. Surrounding whitespace is
 * never data. Control characters are the reader's check (once per chunk of text, not per cell).
 *
 * Numbers accepted: an optional sign ('-' or '+') or accounting parentheses for a negative ('(1,234.50)');
 * digits, optionally grouped by three with ',' (seen only when the delimiter is not ',' or the value is
 * quoted), a space, a no-break space or a narrow no-break space, one kind per value; a '.' and decimals.
 * Money columns (numeric(18,2)) take at most 2 decimals and 16 digits before the point. No exponents,
 * no currency signs, no decimal comma.
 */

export interface CellProblem {
  problem: string;
}
export type CellValue = string | null | CellProblem;
export type CellReader = (raw: string) => CellValue;

const problem = (text: string): CellProblem => ({ problem: text });
const REQUIRED = problem(uploadMessages.valueRequired);
const NOT_INTEGER = problem(uploadMessages.notInteger);
const INTEGER_RANGE = problem(uploadMessages.integerOutOfRange);
const NOT_NUMBER = problem(uploadMessages.notNumber);
const TOO_MANY_DECIMALS = problem(uploadMessages.tooManyDecimals);
const TOO_LARGE = problem(uploadMessages.numberTooLarge);
const NOT_BOOLEAN = problem(uploadMessages.notBoolean);
const NOT_PERIOD = problem(uploadMessages.notPeriod);

export const isCellProblem = (value: CellValue): value is CellProblem => typeof value === 'object' && value !== null;

const INTEGER = /^[-+]?\d+$/;
const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;

function readInteger(value: string): CellValue {
  if (!INTEGER.test(value)) return NOT_INTEGER;
  const number = Number(value);
  if (number < INT4_MIN || number > INT4_MAX) return INTEGER_RANGE;
  // String(-0) is '0', and leading zeros and a '+' go.
  return String(number);
}

// The common case first: a plain amount needs no rewriting beyond its leading zeros.
const PLAIN_DECIMAL = /^-?\d{1,16}(?:\.\d{1,2})?$/;
const DECIMAL = /^([-+])?(?:(\d+)|(\d{1,3}(?:([, \u00A0\u202F])\d{3})(?:\4\d{3})*))?(?:\.(\d+))?$/;
const MONEY_DIGITS = 16;
const MONEY_DECIMALS = 2;
const MAX_NUMBER_LENGTH = 1000;

function canonicalDecimal(negative: boolean, digits: string, decimals: string): string {
  const whole = digits.replace(/^0+(?=\d)/, '') || '0';
  const zero = /^0*$/.test(whole) && /^0*$/.test(decimals);
  return `${negative && !zero ? '-' : ''}${whole}${decimals ? `.${decimals}` : ''}`;
}

// '0', '0.5', '12.30', '-7': already canonical unless a zero leads the digits or the amount is a negative zero.
const needsRewriting = (plain: string) => {
  const start = plain.charCodeAt(0) === 45 ? 1 : 0;
  if (plain.charCodeAt(start) === 48 && start + 1 < plain.length && plain.charCodeAt(start + 1) !== 46) return true;
  return start === 1 && /^-[0.]+$/.test(plain);
};

function readDecimal(value: string, money: boolean): CellValue {
  if (money && PLAIN_DECIMAL.test(value)) {
    if (!needsRewriting(value)) return value;
    const negative = value.startsWith('-');
    const [digits, decimals = ''] = (negative ? value.slice(1) : value).split('.') as [string, string?];
    return canonicalDecimal(negative, digits, decimals);
  }
  if (value.length > MAX_NUMBER_LENGTH) return NOT_NUMBER;
  let text = value;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    text = text.slice(1, -1).trim();
    if (text.startsWith('-') || text.startsWith('+')) return NOT_NUMBER;
    negative = true;
  }
  const match = DECIMAL.exec(text);
  if (!match) return NOT_NUMBER;
  const [, sign, plain, grouped, separator, decimals = ''] = match;
  const digits = plain ?? (grouped ? grouped.replaceAll(separator!, '') : '');
  if (digits === '' && decimals === '') return NOT_NUMBER;
  if (money) {
    if (decimals.length > MONEY_DECIMALS) return TOO_MANY_DECIMALS;
    if (digits.replace(/^0+/, '').length > MONEY_DIGITS) return TOO_LARGE;
  }
  return canonicalDecimal(negative || sign === '-', digits, decimals);
}

const BOOLEANS: Record<string, 'true' | 'false'> = {
  true: 'true',
  yes: 'true',
  y: 'true',
  '1': 'true',
  false: 'false',
  no: 'false',
  n: 'false',
  '0': 'false',
};

function readBoolean(value: string): CellValue {
  const key = value.toLowerCase();
  return Object.hasOwn(BOOLEANS, key) ? BOOLEANS[key]! : NOT_BOOLEAN;
}

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD';

const DATE_PARTS = ['YYYY', 'MM', 'DD'] as const;

/**
 * A date in the column's format (YYYY, MM and DD in any order, with - / . or space between them) read
 * as ISO 'YYYY-MM-DD', a real calendar date from 0001 to 9999. Between separators a month or day may
 * be written with one digit ('3/7/2026'); run together ('YYYYMMDD') they take two.
 */
export function dateReaderOf(format: string): CellReader {
  const tokens = format.match(/YYYY|MM|DD|[-/. ]/g) ?? [];
  const isPart = (token: string | undefined) => DATE_PARTS.some((part) => part === token);
  const order: string[] = [];
  const pattern = tokens
    .map((token, index) => {
      if (!isPart(token)) return token === '.' ? '\\.' : token;
      order.push(token);
      if (token === 'YYYY') return '(\\d{4})';
      return isPart(tokens[index - 1]) || isPart(tokens[index + 1]) ? '(\\d{2})' : '(\\d{1,2})';
    })
    .join('');
  const regex = new RegExp(`^${pattern}$`);
  const [year, month, day] = DATE_PARTS.map((part) => order.indexOf(part) + 1) as [number, number, number];
  const notDate = problem(uploadMessages.notDate(format));
  return (value) => {
    const match = regex.exec(value);
    if (!match) return notDate;
    const y = match[year]!;
    const m = match[month]!;
    const d = match[day]!;
    if (!isCalendarDay(Number(y), Number(m), Number(d))) return notDate;
    return `${y}-${m.length === 1 ? `0${m}` : m}-${d.length === 1 ? `0${d}` : d}`;
  };
}

const PERIOD = /^(?!0000)\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The reader of one expected column. `chosenPeriod` is the period picked at upload: for a period-based
 * type, every value of its `period` column must be that one.
 */
export function cellReaderOf(
  column: Pick<DataTypeColumn, 'name' | 'type' | 'required' | 'format'>,
  chosenPeriod?: string,
): CellReader {
  const read = typedReaderOf(column, chosenPeriod);
  const { required } = column;
  return (raw) => {
    const value = raw.trim();
    if (value === '') return required ? REQUIRED : null;
    return read(value);
  };
}

function typedReaderOf(
  column: Pick<DataTypeColumn, 'name' | 'type' | 'format'>,
  chosenPeriod: string | undefined,
): (value: string) => CellValue {
  switch (column.type) {
    case 'integer':
      return readInteger;
    case 'numeric': {
      const money = isMoneyColumn(column.name) || isMoneyColumn(column.name.toLowerCase());
      return (value) => readDecimal(value, money);
    }
    case 'date':
      return dateReaderOf(column.format ?? DEFAULT_DATE_FORMAT);
    case 'boolean':
      return readBoolean;
    case 'text': {
      if (chosenPeriod !== undefined) {
        const wrongPeriod = problem(uploadMessages.wrongPeriod(chosenPeriod));
        return (value) => (value === chosenPeriod ? value : PERIOD.test(value) ? wrongPeriod : NOT_PERIOD);
      }
      if (column.format === 'YYYY-MM') return (value) => (PERIOD.test(value) ? value : NOT_PERIOD);
      return (value) => value;
    }
  }
}
