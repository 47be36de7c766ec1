import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import {
  profileUpdateRequestSchema,
  signupRequestSchema,
  userIdParamsSchema,
  userSchema,
} from '@finboard/shared/users';
import { forbidden } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

export async function usersRoutes(
  app: FastifyInstance,
  opts: { users: UsersService; signupEnabled: boolean },
): Promise<void> {
  const { users } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1/user',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Sign up (without a token, when ALLOW_SIGNUP=true)',
        security: [],
        body: signupRequestSchema,
        response: { 201: apiSuccessSchema(userSchema) },
      },
    },
    async (request, reply) => {
      // Signed-in callers add users through the admin console, never through sign-up.
      if (request.auth) throw forbidden('FORBIDDEN', messages.forbidden);
      if (!opts.signupEnabled) throw forbidden('SIGNUP_DISABLED', messages.signupDisabled);
      const user = await users.signUp(request.body);
      return reply.status(201).send({ status: true as const, message: messages.signupSuccess, data: user });
    },
  );

  routes.get(
    '/api/v1/user/profile',
    {
      config: { allowPendingPasswordChange: true },
      schema: { tags: ['users'], summary: "The caller's profile", response: { 200: apiSuccessSchema(userSchema) } },
    },
    async (request) => ({
      status: true as const,
      message: messages.profileFetched,
      data: await users.getProfile(callerOf(request).user.id),
    }),
  );

  routes.put(
    '/api/v1/auth/profile/:userId',
    {
      schema: {
        tags: ['users'],
        summary: "Update one's own profile",
        params: userIdParamsSchema,
        body: profileUpdateRequestSchema,
        response: { 200: apiSuccessSchema(userSchema) },
      },
    },
    async (request) => ({
      status: true as const,
      message: messages.profileUpdated,
      data: await users.updateOwnProfile(callerOf(request).user.id, request.params.userId, request.body),
    }),
  );
}
