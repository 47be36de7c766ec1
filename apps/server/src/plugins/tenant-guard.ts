import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { API_PREFIX } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';
import { badRequest, forbidden } from '../errors.ts';
import type { Principal } from '../principal.ts';
import { callerOf, type Access } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path parameter naming the organization a route reads or changes; the guard checks it before the handler. */
    tenantParam?: string;
    /**
     * The multipart form field naming the organization (spec: file uploads send `organizationId`, Import
     * Flat File `orgID`): a form is read as it streams, so the handler hands the field's value to
     * `organizationFromField` before it reads any file part, and lists the field in `readMultipart`'s
     * `onceFields` (a second one is refused).
     */
    tenantField?: string;
    /**
     * The validated query parameter or JSON body field naming the organization, for the spec's routes that
     * send it there (`GET /data-refresh/logs?organizationId=`, `POST /data-refresh/refresh-all`).
     */
    tenantQuery?: string;
    tenantBody?: string;
  }
  interface FastifyInstance {
    /**
     * Every API route of the app as registered, with the organization parameter the guard checks on it
     * (if any). The tenant isolation test reads it, so a route missing from its matrix fails the build.
     */
    apiRoutes: readonly ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  /** As registered: `/api/v1/crud/:orgId/:table`. */
  url: string;
  tenantParam?: string;
  tenantField?: string;
  tenantQuery?: string;
  tenantBody?: string;
  /** Who may call it (`config.access`; absent means authenticated). */
  access?: Access;
  /** Its request and response schemas (tests that must reach every route read its inputs here). */
  schema?: FastifySchema;
}

/**
 * Admins may act on any organization; a user only on their own. Anything else: 403, nothing read.
 * Not exported: routes get this check by naming `tenantParam` (or `tenantField`), never by calling it.
 */
function assertOrganizationAccess(principal: Principal, organizationId: string): void {
  if (principal.role === 'admin') return;
  if (!principal.organizationId || principal.organizationId !== organizationId) {
    throw forbidden('OTHER_ORGANIZATION', messages.forbidden);
  }
}

/** The one tenant guard: routes name their organization parameter in `config.tenantParam`. */
export const tenantGuardPlugin = fp(async (app: FastifyInstance) => {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);

  // Registered before the modules, so it sees every route they add.
  app.addHook('onRoute', (route) => {
    const tenantParam = route.config?.tenantParam;
    // A misspelt parameter would only fail at request time (every call a 500): refuse it at start-up.
    if (tenantParam && !route.url.split('/').includes(`:${tenantParam}`)) {
      throw new Error(`Route ${route.url} names tenantParam "${tenantParam}", which is not one of its path parameters`);
    }
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route beside each GET: the same handler, guarded the same way.
      if (method !== 'HEAD')
        routes.push({
          method,
          url: route.url,
          schema: route.schema,
          access: route.config?.access,
          ...(tenantParam && { tenantParam }),
          ...(route.config?.tenantField && { tenantField: route.config.tenantField }),
          ...(route.config?.tenantQuery && { tenantQuery: route.config.tenantQuery }),
          ...(route.config?.tenantBody && { tenantBody: route.config.tenantBody }),
        });
    }
  });

  // preHandler: after the params have been validated (an organization id is a UUID by then).
  app.addHook('preHandler', async (request) => {
    const { tenantParam, tenantQuery, tenantBody } = request.routeOptions.config;
    if (!tenantParam && !tenantQuery && !tenantBody) return;
    assertOrganizationAccess(callerOf(request).user, organizationIdOf(request));
  });
});

/** The organization a tenant-guarded route is about, as the guard checked it. */
export function organizationIdOf(request: FastifyRequest): string {
  const { tenantParam, tenantQuery, tenantBody } = request.routeOptions.config;
  const value = tenantParam
    ? (request.params as Record<string, unknown>)[tenantParam]
    : tenantQuery
      ? (request.query as Record<string, unknown> | undefined)?.[tenantQuery]
      : tenantBody
        ? (request.body as Record<string, unknown> | undefined)?.[tenantBody]
        : undefined;
  if (typeof value !== 'string') throw new Error(`route ${request.routeOptions.url} has no tenant parameter`);
  return value;
}

/**
 * The organization a multipart route names in its `config.tenantField` form field, checked exactly as the
 * guard checks a path parameter (403 for another organization). The handler calls it with the field's
 * value as soon as the field arrives, before any file part is read; a missing or malformed value is
 * `missingMessage` (400).
 */
export function organizationFromField(request: FastifyRequest, value: unknown, missingMessage: string): string {
  const field = request.routeOptions.config.tenantField;
  if (!field) throw new Error(`route ${request.routeOptions.url} names no tenantField`);
  if (!organizationIdSchema.safeParse(value).success) throw badRequest('ORGANIZATION_REQUIRED', missingMessage);
  assertOrganizationAccess(callerOf(request).user, value as string);
  return value as string;
}

const organizationIdSchema = z.uuid();
