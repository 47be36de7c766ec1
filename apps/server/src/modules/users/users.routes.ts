import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import {
  adminCreateUserRequestSchema,
  profileUpdateRequestSchema,
  signupRequestSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
  userMessages,
  userSchema,
  userStatusRequestSchema,
  userUpdateRequestSchema,
} from '@finboard/shared/users';
import { forbidden, invalidInput } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw invalidInput(result.error.issues);
  return result.data;
}

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
      // Sign-up and Add New User share this path (spec §7) with different bodies: which one applies
      // depends on the caller, so the handler validates it (the schema below documents both).
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        tags: ['users'],
        summary: 'Add New User (with an admin token) or sign up (without a token, when ALLOW_SIGNUP=true)',
        description:
          'With an admin token: adminCreateUserRequest. Without `password` the user is e-mailed a single-use ' +
          'link to set one (valid 7 days); with it, the user must change it at first sign-in. The user sees ' +
          'every dashboard of the organization unless `allDashboards: false` restricts them to `dashboards`. ' +
          'Without a token: signupRequest. Any other caller: 403.',
        security: [{}, { bearerAuth: [] }],
        body: z.union([adminCreateUserRequestSchema, signupRequestSchema]),
        response: { 201: apiSuccessSchema(userSchema) },
      },
    },
    async (request, reply) => {
      const caller = request.auth;
      if (caller) {
        // The route is public for sign-up, so the checks the auth plugin makes elsewhere are made here.
        if (caller.user.mustChangePassword) throw forbidden('PASSWORD_CHANGE_REQUIRED', messages.mustChangePassword);
        if (caller.user.role !== 'admin') throw forbidden('FORBIDDEN', messages.forbidden);
        const input = parseBody(adminCreateUserRequestSchema, request.body);
        const { user, invited } = await users.createByAdmin(caller.user, input);
        return reply.status(201).send({
          status: true as const,
          message: invited ? userMessages.createdInvite : userMessages.created,
          data: user,
        });
      }
      const input = parseBody(signupRequestSchema, request.body);
      if (!opts.signupEnabled) throw forbidden('SIGNUP_DISABLED', messages.signupDisabled);
      const user = await users.signUp(input);
      return reply.status(201).send({ status: true as const, message: messages.signupSuccess, data: user });
    },
  );

  routes.get(
    '/api/v1/user',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Users, filtered, sorted and paged (admin)',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema },
      },
    },
    async (request) => {
      const { users: page, pagination } = await users.list(request.query);
      return { status: true as const, message: userMessages.fetched, data: page, pagination };
    },
  );

  routes.get(
    '/api/v1/user/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'One user: the User Profile view (admin)',
        params: userIdParamsSchema,
        response: { 200: apiSuccessSchema(userSchema) },
      },
    },
    async (request) => ({
      status: true as const,
      message: userMessages.fetchedOne,
      data: await users.getProfile(request.params.userId),
    }),
  );

  routes.put(
    '/api/v1/user/update/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          "Edit User: pipeline, e-mail, full name and the organization's dashboards the user sees: all, or a chosen list (admin)",
        params: userIdParamsSchema,
        body: userUpdateRequestSchema,
        response: { 200: apiSuccessSchema(userSchema) },
      },
    },
    async (request) => ({
      status: true as const,
      message: userMessages.updated,
      data: await users.updateByAdmin(callerOf(request).user, request.params.userId, request.body),
    }),
  );

  routes.put(
    '/api/v1/user/:userId/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Deactivate (every session ends; nothing is deleted) or reactivate a user (admin)',
        params: userIdParamsSchema,
        body: userStatusRequestSchema,
        response: { 200: apiSuccessSchema(userSchema) },
      },
    },
    async (request) => {
      const { isActive } = request.body;
      const user = await users.setStatusByAdmin(callerOf(request).user, request.params.userId, isActive);
      return {
        status: true as const,
        message: isActive ? userMessages.reactivated : userMessages.deactivated,
        data: user,
      };
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
