import { z } from 'zod';
import { messages } from './messages.ts';
import { passwordMessages, emailSchema, passwordSchema, text } from './validation.ts';
import { userSchema } from './users.ts';

/** Login accepts any non-empty password: the password rules apply when one is set, not when it is tried. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: text({ error: passwordMessages.required }).min(1, passwordMessages.required).max(1024),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginDataSchema = z.object({
  user: userSchema,
  token: z.string(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int().positive(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: text().min(1).max(200),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const resetLinkParamsSchema = z.object({ token: resetPasswordRequestSchema.shape.token });

/** What a set-password link (reset or invitation) is worth before anyone types a password into its page. */
export const RESET_LINK_STATES = ['valid', 'expired', 'used', 'invalid'] as const;
export type ResetLinkState = (typeof RESET_LINK_STATES)[number];
export const resetLinkStatusSchema = z.object({ state: z.enum(RESET_LINK_STATES) });
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;

/** The API's message for each state, which the reset page shows too. */
export const resetLinkMessages: Record<ResetLinkState, string> = {
  valid: messages.resetLinkValid,
  expired: messages.resetLinkExpired,
  used: messages.resetLinkUsed,
  invalid: messages.resetLinkUnknown,
};

export const changePasswordRequestSchema = z.object({
  currentPassword: text({ error: passwordMessages.required }).min(1, passwordMessages.required).max(1024),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const authSettingsSchema = z.object({ signupEnabled: z.boolean() });
export type AuthSettings = z.infer<typeof authSettingsSchema>;
