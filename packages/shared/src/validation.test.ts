import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  emailMessages,
  emailSchema,
  lowercaseNameSchema,
  nameMessages,
  nameSchema,
  passwordMessages,
  passwordSchema,
  phoneMessages,
  phoneSchema,
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
  ])('accepts %j as %j', (input, stored) => {
    expect(firstName.parse(input)).toBe(stored);
  });

  it.each([
    [undefined, 'First name is required'],
    ['', 'First name is required'],
    ['   ', nameMessages.required('First name')],
    ['Ada2', 'First name can only contain letters and spaces'],
    ["O'Brien", 'First name can only contain letters and spaces'],
    ['Jean-Luc', 'First name can only contain letters and spaces'],
    ['x'.repeat(101), 'First name must be at most 100 characters'],
  ])('refuses %j with "%s"', (name, message) => {
    expect(firstMessage(firstName, name)).toBe(message);
  });

  it('names the field in its messages', () => {
    expect(firstMessage(nameSchema('Last name'), 'B0b')).toBe('Last name can only contain letters and spaces');
  });

  it('has a lowercase-only variant of 3 to 50 letters a–z', () => {
    const schema = lowercaseNameSchema('Database name');
    expect(schema.safeParse('acme').success).toBe(true);
    expect(firstMessage(schema, 'ab')).toBe('Database name must be 3 to 50 lowercase letters');
    expect(firstMessage(schema, 'Acme')).toBe('Database name must be 3 to 50 lowercase letters');
    expect(firstMessage(schema, 'a'.repeat(51))).toBe('Database name must be 3 to 50 lowercase letters');
  });
});

describe('phone rule', () => {
  it.each([
    ['5551234567', '5551234567'],
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    [' 555 123 4567 ', '5551234567'],
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
    ['+1 (555) 123-4567', 'Phone number should have 10 digits'],
  ])('refuses %j with "%s"', (phone, message) => {
    expect(firstMessage(phoneSchema, phone)).toBe(message);
  });
});
