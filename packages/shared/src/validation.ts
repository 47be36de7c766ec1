import { z } from 'zod';
import { PHONE_DIGITS } from './constants.ts';
import { messages } from './messages.ts';

/**
 * Spec §5 field rules, written once and used by the API schemas and the web forms.
 * Messages for rules the spec does not quote are ours.
 */

/*
 * Text every request field is made of. PostgreSQL cannot store NUL, and a lone UTF-16 surrogate reaches it
 * as invalid UTF-8 (the drivers silently turn it into U+FFFD); the other control characters (C0, DEL, C1)
 * are invisible and only ever arrive by accident or on purpose. Multi-line text keeps tab, line feed and
 * carriage return. With the `u` flag a surrogate pair is one code point, so only lone halves match.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this rule refuses
const UNSTORABLE_LINE = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
// eslint-disable-next-line no-control-regex -- as above, less tab, line feed and carriage return
const UNSTORABLE_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
// Text decoded from UTF-8 holds no lone surrogate: only the control characters are looked for, without the `u`
// flag (which reads 100 MB of a file's text in 0.3 s instead of 0.08 s).
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Whether the database can store this text as it is and a person can see all of it. `decoded`: the text was
 * decoded from UTF-8 (so it has no lone surrogate to look for); multi-line text only.
 */
export function isStorableText(value: string, options: { multiline?: boolean; decoded?: boolean } = {}): boolean {
  if (options.decoded && options.multiline) return !CONTROL_MULTILINE.test(value);
  return !(options.multiline ? UNSTORABLE_MULTILINE : UNSTORABLE_LINE).test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * The one string primitive of request schemas: a single line without control characters or lone
 * surrogates. Chain `.trim()`, `.min()`, `.max()`… as on `z.string()`; response schemas keep `z.string()`.
 */
export const text = (params?: StringParams) =>
  z.string(params).refine((value) => isStorableText(value), { error: messages.unsupportedCharacters, abort: true });

/** As `text`, for fields that may hold several lines (descriptions, messages, addresses): tab, LF and CR allowed. */
export const multilineText = (params?: StringParams) =>
  z.string(params).refine((value) => isStorableText(value, { multiline: true }), {
    error: messages.unsupportedCharacters,
    abort: true,
  });

/** Values of any type (warehouse cells, filter values): text among them follows `multilineText`'s rule. */
export const storableValue = <T extends z.ZodType>(schema: T) =>
  schema.refine((value) => typeof value !== 'string' || isStorableText(value, { multiline: true }), {
    error: messages.unsupportedCharacters,
    abort: true,
  });

/*
 * Dates. Both PostgreSQL and JavaScript handle the years 0001–9999 the same way (PostgreSQL has no year 0,
 * JavaScript cannot parse year 10000 as written), so that is the range any date field accepts.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** Whether the year (0001–9999), month and day name a day of the calendar. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!(year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1)) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** A real calendar date written YYYY-MM-DD (spec §9), year 0001 to 9999. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/i;

/** A date (as above), or a date and time in ISO 8601: `YYYY-MM-DDTHH:MM[:SS[.ffffff]][Z|±HH[:MM]]`. */
export function isTimestamp(value: string): boolean {
  if (isCalendarDate(value)) return true;
  const match = TIMESTAMP.exec(value);
  if (!match || !isCalendarDate(match[1]!)) return false;
  const [hour, minute, second, offsetHour, offsetMinute] = match.slice(2).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return hour <= 23 && minute <= 59 && second <= 59 && offsetHour <= 14 && offsetMinute <= 59;
}

/** A date field: YYYY-MM-DD, a real calendar date from 0001 to 9999. */
export const calendarDateSchema = text({ error: messages.invalidDate }).refine(isCalendarDate, messages.invalidDate);

export const PASSWORD_SPECIALS = '@$!%*?&';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordMessages = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  lowercase: 'Password must contain a lowercase letter',
  uppercase: 'Password must contain an uppercase letter',
  digit: 'Password must contain a digit',
  special: `Password must contain one of ${PASSWORD_SPECIALS}`,
  allowed: `Password may only contain letters, digits and ${PASSWORD_SPECIALS}`,
} as const;

export const passwordSchema = text({ error: passwordMessages.required })
  .min(1, passwordMessages.required)
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
  .regex(/[a-z]/, passwordMessages.lowercase)
  .regex(/[A-Z]/, passwordMessages.uppercase)
  .regex(/\d/, passwordMessages.digit)
  .regex(/[@$!%*?&]/, passwordMessages.special)
  .regex(/^[A-Za-z\d@$!%*?&]*$/, passwordMessages.allowed);

export const emailMessages = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
} as const;

// Local part, @, domain, and a top-level domain of at least two letters (spec §5).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = text({ error: emailMessages.required })
  .trim()
  .min(1, emailMessages.required)
  .max(EMAIL_MAX_LENGTH, emailMessages.invalid)
  .regex(EMAIL_PATTERN, emailMessages.invalid)
  .transform((email) => email.toLowerCase());

export const nameMessages = {
  required: (label: string) => `${label} is required`,
  letters: (label: string) => `${label} can only contain letters, spaces, apostrophes and hyphens`,
  organizationCharacters: (label: string) => `${label} can only contain letters, digits, spaces and & . , ' - ( )`,
  tooLong: (label: string) => `${label} must be at most ${NAME_MAX_LENGTH} characters`,
  lowercase: (label: string) => `${label} must be 3 to 50 lowercase letters`,
} as const;
export const NAME_MAX_LENGTH = 100;

/*
 * Names as people write them, in any alphabet. \p{M} keeps letters typed as a base and a combining accent
 * ("José" in decomposed form); the typographic apostrophe is the one phones and word processors insert.
 * Each needs one letter (or, for organizations, a digit) so punctuation alone is not a name.
 */
const PERSON_NAME = /^(?=.*\p{L})[\p{L}\p{M} '\u2019-]+$/u;
const ORGANIZATION_NAME = /^(?=.*[\p{L}\p{Nd}])[\p{L}\p{M}\p{Nd} &.,'\u2019()-]+$/u;

const boundedName = (label: string) =>
  text({ error: nameMessages.required(label) })
    .trim()
    .min(1, nameMessages.required(label))
    .max(NAME_MAX_LENGTH, nameMessages.tooLong(label));

/** A person's name: letters of any alphabet, spaces, apostrophes and hyphens ("O'Neil-Berg", "José"). */
export const nameSchema = (label: string) => boundedName(label).regex(PERSON_NAME, nameMessages.letters(label));

/** An organization's name: letters of any alphabet, digits, spaces and & . , ' - ( ) ("Smith & Sons Ltd.", "3M"). */
export const organizationNameSchema = (label: string) =>
  boundedName(label).regex(ORGANIZATION_NAME, nameMessages.organizationCharacters(label));

/** The spec's lowercase-only name field: 3 to 50 letters a–z. */
export const lowercaseNameSchema = (label: string) => text().regex(/^[a-z]{3,50}$/, nameMessages.lowercase(label));

export const phoneMessages = {
  required: 'Phone number is required',
  invalid: 'Invalid phone number format',
  digits: 'Phone number should have 10 digits',
} as const;

/* Digits, the separators people type between them, and an optional +1 country code in front. */
const PHONE_TYPED = /^(?:\+1)?[\d\s().-]+$/;

/**
 * Digits are extracted from whatever the user typed, after a leading +1 (the spec's numbers are North
 * American); exactly ten must remain (spec §5). Stored as the ten digits.
 */
export const phoneSchema = text({ error: phoneMessages.required })
  .trim()
  .min(1, phoneMessages.required)
  .regex(PHONE_TYPED, phoneMessages.invalid)
  .transform((phone) => phone.replace(/^\+1/, '').replace(/\D/g, ''))
  .refine((digits) => digits.length === PHONE_DIGITS, phoneMessages.digits);
