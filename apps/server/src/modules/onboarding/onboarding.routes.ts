import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createContainerRequestSchema,
  createContainerResponseSchema,
  createDatabaseRequestSchema,
  createDatabaseResponseSchema,
  createDataFactoryRequestSchema,
  dataFactoryResponseSchema,
  importDataFactoryRequestSchema,
  listDatabasesResponseSchema,
  onboardingMessages,
  onboardingStatusParamsSchema,
  onboardingStatusResponseSchema,
} from '@finboard/shared/onboarding';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { OnboardingService } from './onboarding.service.ts';

const tags = ['onboarding'];
// Administrators only; the organization is named in the body (`orgID`, spec §7) or the path.
const inBody = { access: 'admin', tenantBody: 'orgID' } as const;

/** Client onboarding (issue 14; spec §7 "Onboarding"). */
export async function onboardingRoutes(
  app: FastifyInstance,
  opts: { onboarding: OnboardingService; organizations: OrganizationsService },
): Promise<void> {
  const { onboarding, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Routes that name their organization answer 404 for an unknown one (after the guard's 403).
  app.addHook('preHandler', async (request) => {
    const { tenantBody, tenantParam } = request.routeOptions.config;
    if (tenantBody || tenantParam) await organizations.assertExists(organizationIdOf(request));
  });

  routes.post(
    '/api/v1/onboard/storage/create-container',
    {
      config: inBody,
      schema: {
        tags,
        summary: "Create Container & Folders: the organization's container on the configured store (idempotent)",
        body: createContainerRequestSchema,
        response: { 200: createContainerResponseSchema },
      },
    },
    async (request) => {
      const { containerName, folders } = request.body.containerJson;
      const { data, message } = await onboarding.createContainer(organizationIdOf(request), containerName, folders);
      return { status: true as const, message, data };
    },
  );

  routes.post(
    '/api/v1/onboard/sql/create-database',
    {
      config: inBody,
      schema: {
        tags,
        summary: "Create Database: the organization's warehouse under a name, optionally cloning reference data",
        body: createDatabaseRequestSchema,
        response: { 200: createDatabaseResponseSchema },
      },
    },
    async (request) => {
      const { databaseName, cloneFromDatabase } = request.body.databaseJson;
      const { data, message } = await onboarding.createDatabase(
        callerOf(request).user,
        organizationIdOf(request),
        databaseName,
        cloneFromDatabase,
      );
      return { status: true as const, message, data };
    },
  );

  routes.post(
    '/api/v1/onboard/data-factory/create',
    {
      config: inBody,
      schema: {
        tags,
        summary: "Create Data Factory: the organization's pipeline set from the standard templates (idempotent)",
        body: createDataFactoryRequestSchema,
        response: { 200: dataFactoryResponseSchema },
      },
    },
    async (request) => {
      const { data, message } = await onboarding.createDataFactory(
        callerOf(request).user,
        organizationIdOf(request),
        request.body.dataFactoryJson.dataFactoryName,
      );
      return { status: true as const, message, data };
    },
  );

  routes.post(
    '/api/v1/onboard/data-factory/import',
    {
      config: inBody,
      schema: {
        tags,
        summary:
          "Import Data Factory: the organization's pipelines, with another organization's pipeline definitions, data types and column mappings",
        body: importDataFactoryRequestSchema,
        response: { 200: dataFactoryResponseSchema },
      },
    },
    async (request) => {
      const { data, message } = await onboarding.importDataFactory(
        callerOf(request).user,
        organizationIdOf(request),
        request.body,
      );
      return { status: true as const, message, data };
    },
  );

  routes.get(
    '/api/v1/onboard/sql/list-databases',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Every organization's warehouse database: name, organization, size, tables, created",
        response: { 200: listDatabasesResponseSchema },
      },
    },
    async () => ({
      status: true as const,
      message: onboardingMessages.databasesFetched,
      data: { databases: await onboarding.listDatabases() },
    }),
  );

  routes.get(
    '/api/v1/onboard/status/:orgID',
    {
      config: { access: 'admin', tenantParam: 'orgID' },
      schema: {
        tags,
        summary: "Each onboarding step's state (not started, done, failed with its reason), resource and time",
        params: onboardingStatusParamsSchema,
        response: { 200: onboardingStatusResponseSchema },
      },
    },
    async (request) => {
      const orgID = organizationIdOf(request);
      return {
        status: true as const,
        message: onboardingMessages.statusFetched,
        data: { orgID, steps: await onboarding.status(orgID) },
      };
    },
  );
}
