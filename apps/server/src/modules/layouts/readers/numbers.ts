import { layoutMessages } from '@finboard/shared/layouts';

/**
 * Amounts as real exports write them (issue 23 §1): `$1,234.50`, `1.234,56 €`, `CHF 1'234.50`, `(600.00)`,
 * `1,234.00-` (SAP), `250.00 CR`. Read as text, never through floating point: the result is the canonical
 * decimal a pipeline COPYs ('-1234.50').
 */

/** The decimal mark of a file's numbers; the other mark, if any, groups thousands. */
export interface NumberFormat {
  decimal: '.' | ',';
}

export type Side = 'debit' | 'credit';

export type AmountReading =
  /**
   * `amount`: signed, at most 2 decimals as written ('-1234.5'). With a CR/DR marker, `side` says which and
   * the amount is as written, unsigned. `currency`: the symbol or ISO code written with it ('$', 'EUR').
   */
  { amount: string; side?: Side; currency?: string } | { empty: true } | { problem: string };

const POINT: NumberFormat = { decimal: '.' };
const COMMA: NumberFormat = { decimal: ',' };

const EMPTY = { empty: true } as const;
const NOT_AMOUNT = { problem: layoutMessages.notAmount };
const TWO_SIGNS = { problem: layoutMessages.amountTwoSigns };
const TOO_MANY_DECIMALS = { problem: layoutMessages.amountDecimals };
const TOO_LARGE = { problem: layoutMessages.amountTooLarge };

/** numeric(18,2): 16 digits before the point, 2 after. */
const MONEY_DIGITS = 16;
const MONEY_DECIMALS = 2;
/** Longer than any amount however decorated ('-1 234 567 890 123 456,78 EUR' is 30): not an amount. */
const MAX_LENGTH = 100;

/** Symbols written before or after an amount (tried longer first, so 'US$' is not read as 'US' and '$'). */
// prettier-ignore
const CURRENCY_SIGNS = [
  'US$', 'NZ$', 'HK$', 'A$', 'C$', 'S$', 'R$', '$', '€', '£', '¥', '₹', '₩', '₽', '₺', '₪', '₱', '฿', '₦',
  'zł', 'Fr.', 'kr.', 'kr', 'Kr', 'R',
];
// prettier-ignore
const CURRENCY_CODES = [
  'USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'ZAR', 'SEK', 'NOK', 'DKK', 'ISK', 'PLN', 'CZK',
  'HUF', 'INR', 'CNY', 'HKD', 'SGD', 'MXN', 'BRL', 'AED', 'SAR', 'ILS', 'TRY', 'KRW', 'THB', 'PHP', 'NGN',
];
const CURRENCIES = [...CURRENCY_SIGNS, ...CURRENCY_CODES].sort((a, b) => b.length - a.length);
/** How a currency is reported: 'kr.' and 'Kr' are 'kr'. */
const currencyName = (written: string) => (/^kr\.?$/i.test(written) ? 'kr' : written);

const isLetter = (char: string | undefined) => char !== undefined && /\p{L}/u.test(char);

// A CR/DR marker stands apart from letters: 'CR 100', '100CR', '100 Dr.' but not 'Credit'.
const SIDE_PREFIX = /^(CR|Cr|cr|DR|Dr|dr)\.?(?!\p{L})/u;
const SIDE_SUFFIX = /(?<!\p{L})(CR|Cr|cr|DR|Dr|dr)\.?$/u;
const sideOf = (marker: string): Side => (marker.toLowerCase() === 'cr' ? 'credit' : 'debit');

const MINUS_SIGNS = new Set(['-', '\u2212']);
/** What a number alone starts with ('.5') and ends with; nothing written around one does. */
const NUMBER_START = /[\d.,]/;
const DIGIT = /\d/;

/*
 * The digits before the decimal mark: plain, or grouped by three with one kind of separator — the other
 * mark, a space, a no-break space (U+00A0), a narrow or thin one (U+202F, U+2009), an apostrophe (' or ’,
 * Swiss) — or, with a decimal point, in India's lakh grouping ('12,34,567').
 */
const GROUPED: Record<NumberFormat['decimal'], RegExp> = {
  '.': /^(?:\d{1,3}([, \u00A0\u202F\u2009'\u2019])\d{3}(?:\1\d{3})*|\d{1,2}(?:,\d{2})*,\d{3})$/,
  ',': /^\d{1,3}([. \u00A0\u202F\u2009'\u2019])\d{3}(?:\1\d{3})*$/,
};
const DIGITS = /^\d+$/;

interface WrittenParts {
  negative: boolean;
  /** The digits before the decimal mark as written, separators removed, leading zeros kept ('' for '.5'). */
  whole: string;
  fraction: string;
  side?: Side;
  currency?: string;
  /** The whole value is a dash, as Excel's accounting format writes zero ('-', '$ -'). */
  dash: boolean;
}

function digitsOf(core: string, format: NumberFormat): { whole: string; fraction: string } | undefined {
  const point = core.indexOf(format.decimal);
  if (point !== core.lastIndexOf(format.decimal)) return undefined;
  const wholeText = point === -1 ? core : core.slice(0, point);
  const fraction = point === -1 ? '' : core.slice(point + 1);
  if (point !== -1 && !DIGITS.test(fraction)) return undefined;
  if (wholeText === '') return fraction === '' ? undefined : { whole: '', fraction };
  if (DIGITS.test(wholeText)) return { whole: wholeText, fraction };
  if (!GROUPED[format.decimal].test(wholeText)) return undefined;
  return { whole: wholeText.replace(/\D/g, ''), fraction };
}

/**
 * The parts of a number as written: signs, parentheses, CR/DR and a currency peeled off either end in any
 * order (each once), then the digits. Undefined for an empty value.
 */
function partsOf(raw: string, format: NumberFormat): WrittenParts | { problem: string } | undefined {
  let text = raw.trim();
  if (text === '') return undefined;
  if (text.length > MAX_LENGTH) return NOT_AMOUNT;
  let signs = 0;
  let minusSigns = 0;
  let negative = false;
  let side: Side | undefined;
  let currency: string | undefined;
  for (;;) {
    const first = text[0]!;
    const last = text.at(-1)!;
    // The common case: a number alone, nothing around it to peel off.
    if (NUMBER_START.test(first) && DIGIT.test(last)) break;
    if (first === '(' && last === ')' && text.length > 1) {
      signs++;
      negative = true;
      text = text.slice(1, -1).trim();
    } else if (MINUS_SIGNS.has(first) || first === '+') {
      signs++;
      negative = first !== '+';
      if (negative) minusSigns++;
      text = text.slice(1).trim();
    } else if (MINUS_SIGNS.has(last)) {
      signs++;
      minusSigns++;
      negative = true;
      text = text.slice(0, -1).trim();
    } else {
      const prefix = SIDE_PREFIX.exec(text);
      const suffix = prefix ? null : SIDE_SUFFIX.exec(text);
      const marker = prefix ?? suffix;
      if (marker) {
        signs++;
        side = sideOf(marker[1]!);
        text = (prefix ? text.slice(marker[0].length) : text.slice(0, marker.index)).trim();
      } else {
        const before = CURRENCIES.find(
          (sign) => text.startsWith(sign) && !(isLetter(sign.at(-1)) && isLetter(text[sign.length])),
        );
        const after = before
          ? undefined
          : CURRENCIES.find(
              (sign) => text.endsWith(sign) && !(isLetter(sign[0]) && isLetter(text.at(-sign.length - 1))),
            );
        const found = before ?? after;
        if (!found) break;
        if (currency !== undefined) return NOT_AMOUNT;
        currency = currencyName(found);
        text = (before ? text.slice(found.length) : text.slice(0, -found.length)).trim();
      }
    }
    if (text === '') break;
  }
  if (text === '' && signs === 1 && minusSigns === 1)
    return { negative: false, whole: '0', fraction: '', currency, dash: true };
  const digits = digitsOf(text, format);
  if (!digits) return NOT_AMOUNT;
  if (signs > 1) return TWO_SIGNS;
  return { negative, whole: digits.whole, fraction: digits.fraction, side, currency, dash: false };
}

/** '-0012.50' → '-12.50'; a zero is never negative; decimals kept as given. */
function canonical(negative: boolean, whole: string, fraction: string): string {
  const digits = whole.startsWith('0') || whole === '' ? whole.replace(/^0+/, '') || '0' : whole;
  const zero = digits === '0' && !/[1-9]/.test(fraction);
  return `${negative && !zero ? '-' : ''}${digits}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * One amount cell in the file's number format: a sign ('-', '+', a trailing '-', accounting parentheses)
 * or a CR/DR marker before or after (then `side`, unsigned); a currency symbol or ISO code before or after;
 * thousands grouped as the format allows. A lone dash is zero (Excel's accounting format). At most 2
 * decimals (more only when they are zeros, dropped) and 16 digits before the point: money is numeric(18,2).
 */
export function readAmount(raw: string, format: NumberFormat): AmountReading {
  const parts = partsOf(raw, format);
  if (parts === undefined) return EMPTY;
  if ('problem' in parts) return parts;
  let { fraction } = parts;
  if (fraction.length > MONEY_DECIMALS) {
    if (/[1-9]/.test(fraction.slice(MONEY_DECIMALS))) return TOO_MANY_DECIMALS;
    fraction = fraction.slice(0, MONEY_DECIMALS);
  }
  if (parts.whole.replace(/^0+/, '').length > MONEY_DIGITS) return TOO_LARGE;
  const reading: { amount: string; side?: Side; currency?: string } = {
    amount: canonical(parts.negative, parts.whole, fraction),
  };
  if (parts.side) reading.side = parts.side;
  if (parts.currency) reading.currency = parts.currency;
  return reading;
}

/**
 * The number format of a column's values: the decimal mark under which more of them read as amounts, a
 * point when as many do either way. `1.234,56`, `12,5`, `1 234,56` read only with a comma; `1,234.56`,
 * `12.50` only with a point; `1.234` only with a comma (three decimals are no amount); `1,234` and `1.000`
 * either way, so alone they leave the point, `1,234` then being thousands. Blank values count for neither.
 */
export function detectNumberFormat(values: readonly string[]): NumberFormat {
  let point = 0;
  let comma = 0;
  for (const value of values) {
    if ('amount' in readAmount(value, POINT)) point++;
    if ('amount' in readAmount(value, COMMA)) comma++;
  }
  return comma > point ? COMMA : POINT;
}

/** A number of any size and any number of decimals, as `readNumber` reads it. */
export interface WrittenNumber {
  /** Canonical signed decimal, every decimal as written ('-1234.500'). */
  number: string;
  side?: Side;
  currency?: string;
  /** Its digits start with a zero ('007', '0 123'): a code rather than a quantity. */
  leadingZero: boolean;
}

/**
 * A cell as a number of any size and precision, decorated as `readAmount` accepts (a lone dash excepted:
 * outside an amount column it is a placeholder, not zero); undefined when it is blank or no number.
 */
export function readNumber(raw: string, format: NumberFormat): WrittenNumber | undefined {
  const parts = partsOf(raw, format);
  if (parts === undefined || 'problem' in parts || parts.dash) return undefined;
  const number: WrittenNumber = {
    number: canonical(parts.negative, parts.whole, parts.fraction),
    leadingZero: parts.whole.length > 1 && parts.whole.startsWith('0'),
  };
  if (parts.side) number.side = parts.side;
  if (parts.currency) number.currency = parts.currency;
  return number;
}
