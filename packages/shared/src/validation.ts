import { z } from 'zod';
import { PHONE_DIGITS } from './constants.ts';

/**
 * Spec §5 field rules, written once and used by the API schemas and the web forms.
 * Messages for rules the spec does not quote are ours.
 */
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

export const passwordSchema = z
  .string({ error: passwordMessages.required })
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

export const emailSchema = z
  .string({ error: emailMessages.required })
  .trim()
  .min(1, emailMessages.required)
  .max(EMAIL_MAX_LENGTH, emailMessages.invalid)
  .regex(EMAIL_PATTERN, emailMessages.invalid)
  .transform((email) => email.toLowerCase());

export const nameMessages = {
  required: (label: string) => `${label} is required`,
  letters: (label: string) => `${label} can only contain letters and spaces`,
  tooLong: (label: string) => `${label} must be at most ${NAME_MAX_LENGTH} characters`,
  lowercase: (label: string) => `${label} must be 3 to 50 lowercase letters`,
} as const;
export const NAME_MAX_LENGTH = 100;

/** Letters (any alphabet) and spaces only, as spec §5 says. */
export const nameSchema = (label: string) =>
  z
    .string({ error: nameMessages.required(label) })
    .trim()
    .min(1, nameMessages.required(label))
    .max(NAME_MAX_LENGTH, nameMessages.tooLong(label))
    .regex(/^[\p{L} ]+$/u, nameMessages.letters(label));

/** The spec's lowercase-only name field: 3 to 50 letters a–z. */
export const lowercaseNameSchema = (label: string) => z.string().regex(/^[a-z]{3,50}$/, nameMessages.lowercase(label));

export const phoneMessages = {
  required: 'Phone number is required',
  invalid: 'Invalid phone number format',
  digits: 'Phone number should have 10 digits',
} as const;

/** Digits are extracted from whatever the user typed; exactly ten must remain (spec §5). */
export const phoneSchema = z
  .string({ error: phoneMessages.required })
  .trim()
  .min(1, phoneMessages.required)
  .regex(/^[\d\s()+.-]+$/, phoneMessages.invalid)
  .transform((phone) => phone.replace(/\D/g, ''))
  .refine((digits) => digits.length === PHONE_DIGITS, phoneMessages.digits);
