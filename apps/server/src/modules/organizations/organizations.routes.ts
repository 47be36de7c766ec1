import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import {
  auditMessageRequestSchema,
  organizationDetailDataSchema,
  organizationIdParamsSchema,
  organizationListResponseSchema,
  organizationListQuerySchema,
  organizationMessages,
  organizationSchema,
  organizationStatusRequestSchema,
} from '@finboard/shared/organizations';
import { callerOf } from '../../plugins/auth.ts';
import { overviewCardsResponseSchema, overviewCardsSchema, reportMessages } from '@finboard/shared/reports';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import { readOrganizationForm } from './organization-form.ts';
import type { OrganizationsService } from './organizations.service.ts';

const FORM_DESCRIPTION =
  'multipart/form-data with the text fields organizationName, organizationEmail, organizationPhoneNumber, ' +
  'organizationAddress, organizationDescription, powerbiEmail, baseCurrency (ISO 4217; USD when a new organization ' +
  'has none, unchanged on edit when absent), fiscalYearStartMonth (1–12; empty: as its 00_Period implies; unchanged ' +
  'on edit when absent), optional dashboards (a JSON array or an escaped JSON string), removeLogo=true (edit only), ' +
  'and an optional PNG file part `logo` (under 5MB).';

export async function organizationsRoutes(
  app: FastifyInstance,
  opts: { organizations: OrganizationsService },
): Promise<void> {
  const { organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/organization',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['organizations'],
        summary: 'Organizations: filtered, sorted, one page',
        querystring: organizationListQuerySchema,
        response: { 200: organizationListResponseSchema },
      },
    },
    async (request) => {
      const { organizations: page, pagination } = await organizations.list(request.query);
      return {
        status: true as const,
        message: organizationMessages.fetched,
        data: { organizations: page },
        pagination,
      };
    },
  );

  routes.post(
    '/api/v1/organization/add',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['organizations'],
        summary: 'Add Organization',
        description: FORM_DESCRIPTION,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: apiSuccessSchema(z.object({ createdOrganization: organizationSchema })) },
      },
    },
    async (request, reply) => {
      const form = await readOrganizationForm(request);
      const createdOrganization = await organizations.create(callerOf(request).user, form);
      return reply
        .status(201)
        .send({ status: true as const, message: organizationMessages.created, data: { createdOrganization } });
    },
  );

  routes.get(
    '/api/v1/organization/:id',
    {
      config: { tenantParam: 'id' },
      schema: {
        tags: ['organizations'],
        summary: 'One organization (admins: any; users: their own, with the dashboards they may see)',
        params: organizationIdParamsSchema,
        response: { 200: apiSuccessSchema(organizationDetailDataSchema) },
      },
    },
    async (request) => ({
      status: true as const,
      message: organizationMessages.fetchedOne,
      data: await organizations.getDetail(callerOf(request).user, organizationIdOf(request)),
    }),
  );

  routes.put(
    '/api/v1/organization/:id',
    {
      config: { access: 'admin', tenantParam: 'id' },
      schema: {
        tags: ['organizations'],
        summary: 'Edit Organization',
        description: FORM_DESCRIPTION,
        consumes: ['multipart/form-data', 'application/json'],
        params: organizationIdParamsSchema,
        response: { 200: apiSuccessSchema(z.object({ updatedOrganization: organizationSchema })) },
      },
    },
    async (request) => {
      const form = await readOrganizationForm(request);
      return {
        status: true as const,
        message: organizationMessages.updated,
        data: {
          updatedOrganization: await organizations.update(callerOf(request).user, organizationIdOf(request), form),
        },
      };
    },
  );

  routes.put(
    '/api/v1/organization/:id/overview-cards',
    {
      // The organization's users choose their Financial Overview's cards, as they order their dashboards.
      config: { tenantParam: 'id' },
      schema: {
        tags: ['organizations'],
        summary: "Choose the KPIs of the organization's Financial Overview cards, in order",
        params: organizationIdParamsSchema,
        body: overviewCardsSchema,
        response: { 200: overviewCardsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: reportMessages.cardsSaved,
      data: {
        cards: await organizations.setOverviewCards(
          callerOf(request).user,
          organizationIdOf(request),
          request.body.cards,
        ),
      },
    }),
  );

  routes.put(
    '/api/v1/organization/:id/audit-message',
    {
      config: { access: 'admin', tenantParam: 'id' },
      schema: {
        tags: ['organizations'],
        summary: "Set the audit data message shown to the organization's users",
        params: organizationIdParamsSchema,
        body: auditMessageRequestSchema,
        response: { 200: apiSuccessSchema(z.object({ organization: organizationSchema })) },
      },
    },
    async (request) => ({
      status: true as const,
      message: organizationMessages.auditMessageSaved,
      data: {
        organization: await organizations.setAuditMessage(
          callerOf(request).user,
          organizationIdOf(request),
          request.body.auditDataMessage,
        ),
      },
    }),
  );

  routes.put(
    '/api/v1/organization/:id/status',
    {
      config: { access: 'admin', tenantParam: 'id' },
      schema: {
        tags: ['organizations'],
        summary: 'Deactivate (its users can no longer sign in) or reactivate an organization',
        params: organizationIdParamsSchema,
        body: organizationStatusRequestSchema,
        response: { 200: apiSuccessSchema(z.object({ organization: organizationSchema })) },
      },
    },
    async (request) => {
      const { isActive } = request.body;
      const organization = await organizations.setStatus(callerOf(request).user, organizationIdOf(request), isActive);
      return {
        status: true as const,
        message: isActive ? organizationMessages.reactivated : organizationMessages.deactivated,
        data: { organization },
      };
    },
  );
}
