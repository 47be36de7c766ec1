import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from './messages.ts';
import {
  calendarDateSchema,
  emailMessages,
  emailSchema,
  lowercaseNameSchema,
  nameMessages,
  nameSchema,
  organizationNameSchema,
  passwordMessages,
  passwordSchema,
  phoneMessages,
  phoneSchema,
  isCalendarDate,
  isStorableText,
  isTimestamp,
  multilineText,
  storableValue,
  text,
} from './validation.ts';

/** The message a form shows for `value`: the first issue, or undefined when it is accepted. */
function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('password rule', () => {
  it.each(['Passw0rd!', 'Adm1n!Passw0rd', 'aB3@aB3@', `Aa1@${'x'.repeat(124)}`])('accepts %j', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });

  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['Pa1!', 'Password must be at least 8 characters'],
    [`Aa1@${'x'.repeat(125)}`, 'Password must be at most 128 characters'],
    ['PASSW0RD!', 'Password must contain a lowercase letter'],
    ['passw0rd!', 'Password must contain an uppercase letter'],
    ['Password!', 'Password must contain a digit'],
    ['Passw0rd1', 'Password must contain one of @$!%*?&'],
    ['Passw0rd!#', 'Password may only contain letters, digits and @$!%*?&'],
    ['Pass w0rd!', passwordMessages.allowed],
  ])('refuses %j with "%s"', (password, message) => {
    expect(firstMessage(passwordSchema, password)).toBe(message);
  });
});

describe('e-mail rule', () => {
  it.each([
    ['jane@example.com', 'jane@example.com'],
    ['  Jane.Doe+tag@Example.CO.uk ', 'jane.doe+tag@example.co.uk'],
  ])('accepts %j as %j', (input, stored) => {
    expect(emailSchema.parse(input)).toBe(stored);
  });

  it.each([
    [undefined, emailMessages.required],
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['jane', 'Please enter a valid email address'],
    ['jane@example', 'Please enter a valid email address'],
    ['jane@example.c', 'Please enter a valid email address'],
    ['jane doe@example.com', 'Please enter a valid email address'],
    ['@example.com', 'Please enter a valid email address'],
    [`${'a'.repeat(250)}@example.com`, 'Please enter a valid email address'],
  ])('refuses %j with "%s"', (email, message) => {
    expect(firstMessage(emailSchema, email)).toBe(message);
  });
});

describe('name rule', () => {
  const firstName = nameSchema('First name');

  it.each([
    ['Ada', 'Ada'],
    [' Mary Ann ', 'Mary Ann'],
    ['Zoë', 'Zoë'],
    ['Łukasz', 'Łukasz'],
    ['李', '李'],
    ["O'Neil-Berg", "O'Neil-Berg"],
    ['José', 'José'],
    ['Jose\u0301', 'Jose\u0301'],
    ['D\u2019Arcy', 'D\u2019Arcy'],
    ['Jean-Luc', 'Jean-Luc'],
  ])('accepts %j as %j', (input, stored) => {
    expect(firstName.parse(input)).toBe(stored);
  });

  it.each([
    [undefined, 'First name is required'],
    ['', 'First name is required'],
    ['   ', nameMessages.required('First name')],
    ['Ada2', 'First name can only contain letters, spaces, apostrophes and hyphens'],
    ['Smith & Sons', 'First name can only contain letters, spaces, apostrophes and hyphens'],
    ['Ada.', 'First name can only contain letters, spaces, apostrophes and hyphens'],
    ["' -", 'First name can only contain letters, spaces, apostrophes and hyphens'],
    ['x'.repeat(101), 'First name must be at most 100 characters'],
  ])('refuses %j with "%s"', (name, message) => {
    expect(firstMessage(firstName, name)).toBe(message);
  });

  it('names the field in its messages', () => {
    expect(firstMessage(nameSchema('Last name'), 'B0b')).toBe(
      'Last name can only contain letters, spaces, apostrophes and hyphens',
    );
  });

  it('has a lowercase-only variant of 3 to 50 letters a–z', () => {
    const schema = lowercaseNameSchema('Database name');
    expect(schema.safeParse('acme').success).toBe(true);
    expect(firstMessage(schema, 'ab')).toBe('Database name must be 3 to 50 lowercase letters');
    expect(firstMessage(schema, 'Acme')).toBe('Database name must be 3 to 50 lowercase letters');
    expect(firstMessage(schema, 'a'.repeat(51))).toBe('Database name must be 3 to 50 lowercase letters');
  });
});

describe('organization name rule', () => {
  const organizationName = organizationNameSchema('Organization name');

  it.each([
    ['Smith & Sons Ltd.', 'Smith & Sons Ltd.'],
    ['3M', '3M'],
    ["  O'Reilly (Europe), Inc - Holdings ", "O'Reilly (Europe), Inc - Holdings"],
    ['Société Générale', 'Société Générale'],
    ['株式会社 東芝', '株式会社 東芝'],
  ])('accepts %j as %j', (input, stored) => {
    expect(organizationName.parse(input)).toBe(stored);
  });

  it.each([
    ['', 'Organization name is required'],
    ['Acme!', "Organization name can only contain letters, digits, spaces and & . , ' - ( )"],
    ['Acme / Co', "Organization name can only contain letters, digits, spaces and & . , ' - ( )"],
    ['<b>Acme</b>', "Organization name can only contain letters, digits, spaces and & . , ' - ( )"],
    ['& .', "Organization name can only contain letters, digits, spaces and & . , ' - ( )"],
    ['x'.repeat(101), 'Organization name must be at most 100 characters'],
  ])('refuses %j with "%s"', (name, message) => {
    expect(firstMessage(organizationName, name)).toBe(message);
  });
});

describe('phone rule', () => {
  it.each([
    ['5551234567', '5551234567'],
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    [' 555 123 4567 ', '5551234567'],
    ['+1 (555) 123-4567', '5551234567'],
    ['+15551234567', '5551234567'],
    ['+1.555.123.4567', '5551234567'],
  ])('accepts %j and keeps the digits %j', (input, stored) => {
    expect(phoneSchema.parse(input)).toBe(stored);
  });

  it.each([
    [undefined, 'Phone number is required'],
    ['', 'Phone number is required'],
    ['  ', phoneMessages.required],
    ['555-CALL-NOW', 'Invalid phone number format'],
    ['555#1234567', 'Invalid phone number format'],
    ['555-1234', 'Phone number should have 10 digits'],
    ['1 (555) 123-4567', 'Phone number should have 10 digits'],
    ['+44 20 7946 0958', 'Invalid phone number format'],
    ['555+1234567', 'Invalid phone number format'],
    ['+1 555 123 456', 'Phone number should have 10 digits'],
  ])('refuses %j with "%s"', (phone, message) => {
    expect(firstMessage(phoneSchema, phone)).toBe(message);
  });
});

describe('text rule (every request string)', () => {
  const line = text().trim().max(20);
  const lines = multilineText().trim().max(20);

  it.each(['Acme', 'Zoë Łukasz 李', 'emoji 😀 pair', '  padded  ', 'a\u200Db'])(
    'accepts %j on one line and on several',
    (value) => {
      expect(line.safeParse(value).success).toBe(true);
      expect(lines.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', 'a\uDC00b'],
    ['a surrogate pair split the wrong way round', '\uDE00\uD83D'],
    ['a bell', 'a\u0007b'],
    ['an escape', '\u001B[31m'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
  ])('refuses %s anywhere, with the catalogue message', (_, value) => {
    expect(firstMessage(line, value)).toBe(messages.unsupportedCharacters);
    expect(firstMessage(lines, value)).toBe(messages.unsupportedCharacters);
  });

  it.each([
    ['a tab', 'a\tb'],
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\r\nb'],
  ])('keeps %s in multi-line text only', (_, value) => {
    expect(lines.safeParse(value).success).toBe(true);
    expect(firstMessage(line, value)).toBe(messages.unsupportedCharacters);
  });

  it('reports the characters before any other rule of the field', () => {
    expect(firstMessage(emailSchema, 'jane\u0000@example.com')).toBe(messages.unsupportedCharacters);
    expect(firstMessage(nameSchema('Name'), '\u0000')).toBe(messages.unsupportedCharacters);
    expect(firstMessage(text().min(5, 'too short'), '\u0000')).toBe(messages.unsupportedCharacters);
  });

  it('checks the text among values of other types and lets the others through', () => {
    const value = storableValue(z.unknown());
    expect(value.safeParse(12).success).toBe(true);
    expect(value.safeParse(null).success).toBe(true);
    expect(value.safeParse('two\nlines').success).toBe(true);
    expect(firstMessage(value, 'a\u0000')).toBe(messages.unsupportedCharacters);
    expect(firstMessage(value, '\uD800')).toBe(messages.unsupportedCharacters);
  });

  it('reads text decoded from UTF-8 (a file’s) for its control characters alone, as the full rule does', () => {
    for (const value of ['café 😀\r\n\tline', 'a\u0000', 'a\u0007b', 'DEL\u007f', 'C1\u0085', 'x\u000b'])
      expect(isStorableText(value, { multiline: true, decoded: true })).toBe(
        isStorableText(value, { multiline: true }),
      );
    expect(isStorableText('café 😀\r\n', { multiline: true, decoded: true })).toBe(true);
  });
});

describe('date rule', () => {
  it.each(['0001-01-01', '2024-02-29', '2000-02-29', '2023-12-31', '9999-12-31'])('accepts %j', (value) => {
    expect(isCalendarDate(value)).toBe(true);
    expect(calendarDateSchema.parse(value)).toBe(value);
  });

  it.each([
    '0000-01-01',
    '10000-01-01',
    '+010000-01-01',
    '-000001-01-01',
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-1-5',
    '15/02/2024',
    '2024-01-01T00:00:00Z',
    ' 2024-01-01',
    '',
  ])('refuses %j', (value) => {
    expect(isCalendarDate(value)).toBe(false);
    expect(firstMessage(calendarDateSchema, value)).toBe(messages.invalidDate);
  });

  it.each([
    '2024-01-01',
    '2024-01-01T10:20',
    '2024-01-01 10:20:30',
    '2024-01-01T10:20:30.123456Z',
    '2024-01-01T23:59:59+05:30',
    '9999-12-31T00:00:00-0800',
  ])('accepts the timestamp %j', (value) => {
    expect(isTimestamp(value)).toBe(true);
  });

  it.each([
    '0000-01-01T00:00:00Z',
    '10000-01-01T00:00:00Z',
    '2024-02-30T00:00',
    '2024-01-01T24:00',
    '2024-01-01T10:60',
    '2024-01-01T10:20:61',
    '2024-01-01T10:20+15:00',
    'Tue',
    '1',
    'now',
  ])('refuses the timestamp %j', (value) => {
    expect(isTimestamp(value)).toBe(false);
  });
});
