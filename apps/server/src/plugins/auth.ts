import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import { forbidden, unauthorized } from '../errors.ts';
import type { AuthContext } from '../principal.ts';

export type Access = 'public' | 'authenticated' | 'admin';

/** What the plugin asks of the auth module: the caller a bearer token stands for (the auth service). */
export interface Authenticator {
  authenticate(token: string): Promise<AuthContext | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. API routes default to 'authenticated': forgetting this never opens a route. */
    access?: Access;
    /** Reachable by a user who must change their password first (profile, change password, logout). */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** Resolves the caller once per request and enforces each API route's `access` before anything runs. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: Authenticator }) => {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    // Decide by the matched route, not the raw URL: the router decodes paths, so /%61pi/v1/… reaches /api/v1/….
    const route = request.routeOptions.url;
    if (request.is404 || !route?.startsWith(`${API_PREFIX}/`)) return;
    const { access = 'authenticated', allowPendingPasswordChange = false } = request.routeOptions.config;

    const token = bearerToken(request);
    if (token) {
      request.auth = (await opts.auth.authenticate(token)) ?? null;
      // A token that no longer works is an expired session, even on a route that needs none.
      if (!request.auth) throw unauthorized(messages.sessionExpired);
    }
    if (access === 'public') return;
    if (!request.auth) throw unauthorized(messages.unauthenticated);
    if (request.auth.user.mustChangePassword && !allowPendingPasswordChange) {
      throw forbidden('PASSWORD_CHANGE_REQUIRED', messages.mustChangePassword);
    }
    if (access === 'admin' && request.auth.user.role !== 'admin') {
      throw forbidden('FORBIDDEN', messages.forbidden);
    }
  });
});

/** The caller of a route whose access is not public; the hook above guarantees it is there. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(messages.unauthenticated);
  return request.auth;
}
