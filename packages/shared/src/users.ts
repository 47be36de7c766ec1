import { z } from 'zod';
import { ROLES } from './constants.ts';
import { emailSchema, nameSchema, passwordSchema, phoneSchema } from './validation.ts';

/** The user as every API response shows it; never carries secrets. */
export const userSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  organization_id: z.uuid().nullable(),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

export const signupRequestSchema = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  phoneNumber: phoneSchema.optional(),
  password: passwordSchema,
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const profileUpdateRequestSchema = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  phoneNumber: phoneSchema,
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid({ error: 'Invalid user id' }) });
