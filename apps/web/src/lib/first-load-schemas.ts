import { apiSuccessSchema } from '@finboard/shared/api';
import { authSettingsSchema, loginDataSchema, loginRequestSchema } from '@finboard/shared/auth';
import { userSchema } from '@finboard/shared/users';

/*
 * The schemas of the calls and the form of the login page and its layout (the auth settings, the login
 * itself, the signed-in visitor's profile), in a module loaded on first use (lazy-schema.ts): zod and
 * the shared schemas are then fetched while the page paints instead of before (issue 9 §4).
 */
export { loginRequestSchema };
export const authSettingsResponseSchema = apiSuccessSchema(authSettingsSchema);
export const loginResponseSchema = apiSuccessSchema(loginDataSchema);
export const currentUserResponseSchema = apiSuccessSchema(userSchema);
