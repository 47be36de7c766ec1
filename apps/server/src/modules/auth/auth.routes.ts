import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessageSchema, apiSuccessSchema } from '@finboard/shared/api';
import {
  authSettingsSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginDataSchema,
  loginRequestSchema,
  resetLinkParamsSchema,
  resetLinkStatusSchema,
  resetPasswordRequestSchema,
  resetLinkMessages,
} from '@finboard/shared/auth';
import { messages } from '@finboard/shared/messages';
import { userSchema } from '@finboard/shared/users';
import { forbidden } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { createAttemptLimiter } from '../../plugins/rate-limit.ts';
import type { AuthService } from './auth.service.ts';

const ATTEMPTS_PER_MINUTE = 10;

export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; signupEnabled: boolean },
): Promise<void> {
  const { auth } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const loginAttempts = createAttemptLimiter(ATTEMPTS_PER_MINUTE, 60);
  const resetRequests = createAttemptLimiter(ATTEMPTS_PER_MINUTE, 60);
  const accountKey = (email: string) => `email:${email}`;
  const resetLinkChecks = createAttemptLimiter(ATTEMPTS_PER_MINUTE, 60);
  const limitKeys = (request: FastifyRequest, email?: string) =>
    email ? [`ip:${request.ip}`, accountKey(email)] : [`ip:${request.ip}`];

  routes.post(
    '/api/v1/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        security: [],
        body: loginRequestSchema,
        response: { 200: apiSuccessSchema(loginDataSchema) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      // Counted before the password hash: however many guesses arrive at once, at most the limit's
      // number of them are checked.
      const attempt = await loginAttempts.hit(limitKeys(request, email));
      const data = await auth.login(email, password, { ip: request.ip, userAgent: request.headers['user-agent'] });
      // Only failures keep their point, so people who sign in often are never blocked. A success gives
      // back its own point and no more: it never wipes the failures a guesser ran up meanwhile.
      await attempt.giveBack();
      return { status: true as const, message: messages.loginSuccess, data };
    },
  );

  routes.post(
    '/api/v1/auth/logout',
    {
      config: { allowPendingPasswordChange: true },
      schema: { tags: ['auth'], summary: 'End the current session', response: { 200: apiMessageSchema } },
    },
    async (request) => {
      await auth.logout(callerOf(request).sessionId);
      return { status: true as const, message: messages.logoutDone };
    },
  );

  routes.post(
    '/api/v1/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "E-mail a single-use password reset link; with an admin token, reset the user's password",
        description:
          'Without a token (or with a non-admin one): a reset link is e-mailed if the account exists; the answer ' +
          'never tells. With an admin token (spec §7): the user is e-mailed a temporary password that works for ' +
          'one sign-in and forces a new one; all their sessions end; an unknown e-mail gets 404.',
        security: [{}, { bearerAuth: [] }],
        body: forgotPasswordRequestSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      const caller = request.auth;
      if (caller?.user.role === 'admin') {
        // The route is public, so the pending-password-change check of the auth plugin is made here.
        if (caller.user.mustChangePassword) throw forbidden('PASSWORD_CHANGE_REQUIRED', messages.mustChangePassword);
        await auth.adminResetPassword(caller.user, request.body.email);
        return { status: true as const, message: messages.adminResetSuccess };
      }
      // The attempt limit guards against anonymous mail bombing and probing; an admin is neither.
      await resetRequests.hit(limitKeys(request, request.body.email));
      await auth.requestPasswordReset(request.body.email);
      return { status: true as const, message: messages.forgotPasswordSent };
    },
  );

  routes.post(
    '/api/v1/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link token',
        security: [],
        body: resetPasswordRequestSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      await resetRequests.hit(limitKeys(request));
      await auth.resetPassword(request.body.token, request.body.password);
      return { status: true as const, message: messages.resetPasswordSuccess };
    },
  );

  routes.get(
    '/api/v1/auth/reset-password/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Tell whether a set-password link is valid, expired or used, without spending it',
        description:
          'The reset page asks before showing its form. Unknown tokens answer "invalid". The token is never ' +
          'logged: request URLs under /reset-password/ are redacted.',
        security: [],
        params: resetLinkParamsSchema,
        response: { 200: apiSuccessSchema(resetLinkStatusSchema) },
      },
    },
    async (request) => {
      // Limited like redeeming, so the check is no faster oracle for guessing tokens than the reset itself.
      await resetLinkChecks.hit(limitKeys(request));
      const state = await auth.resetLinkState(request.params.token);
      return { status: true as const, message: resetLinkMessages[state], data: { state } };
    },
  );

  routes.post(
    '/api/v1/user/change-password',
    {
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['auth'],
        summary: "Change the caller's password; other sessions end",
        body: changePasswordRequestSchema,
        response: { 200: apiSuccessSchema(userSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // The current password is guessed here as at sign-in: a stolen session must not give unlimited
      // guesses. Counted on the account's sign-in key, so guesses here and at sign-in add up.
      const attempt = await loginAttempts.hit([accountKey(caller.user.email)]);
      const user = await auth.changePassword(caller, request.body);
      await attempt.giveBack();
      return { status: true as const, message: messages.changePasswordSuccess, data: user };
    },
  );

  routes.get(
    '/api/v1/auth/settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'What the sign-in pages may offer',
        security: [],
        response: { 200: apiSuccessSchema(authSettingsSchema) },
      },
    },
    async () => ({ status: true as const, message: 'OK', data: { signupEnabled: opts.signupEnabled } }),
  );
}
