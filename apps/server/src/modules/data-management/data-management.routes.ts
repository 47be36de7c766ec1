import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendDownload } from '../../platform/http/download.ts';
import { apiMessageSchema, apiSuccessSchema } from '@finboard/shared/api';
import {
  checkValueDataSchema,
  checkValueRequestSchema,
  dataCreatedDataSchema,
  dataExportQuerySchema,
  dataHistoryDataSchema,
  dataOriginDataSchema,
  dataListResponseSchema,
  dataListQuerySchema,
  dataManagementMessages as m,
  dataRecordBodySchema,
  dataTablesDataSchema,
  dataUpdatedDataSchema,
  orgIdParamsSchema,
  rowParamsSchema,
  tableParamsSchema,
} from '@finboard/shared/data-management';
import { callerOf } from '../../plugins/auth.ts';
import type { DataManagementService } from './data-management.service.ts';

const tenant = { tenantParam: 'orgId' } as const;
const tags = ['data-management'];

/**
 * A page's rows are built cell by cell from the organization's catalog (repository normalizeRow), the
 * envelope by the handler below, whose return type the schema checks at compile time. Checking the
 * 1,400 cells of a page against the schema again at run time cost more than the query itself
 * (bench/data-management.ts), so this answer is serialized as built; the schema still documents it.
 */
const serializeAsBuilt = () => (data: unknown) => JSON.stringify(data);

/**
 * Data Management Studio (issue 4): the rows of an organization's warehouse tables and views. Users
 * work on their own organization, admins on any (the tenant guard checks `orgId` first).
 */
export async function dataManagementRoutes(
  app: FastifyInstance,
  opts: { dataManagement: DataManagementService },
): Promise<void> {
  const { dataManagement } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/crud/tables/:orgId',
    {
      config: tenant,
      schema: {
        tags,
        summary: "The organization's warehouse tables (with row counts or estimates) and views",
        params: orgIdParamsSchema,
        response: { 200: apiSuccessSchema(dataTablesDataSchema) },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.tablesFetched,
      data: await dataManagement.tables(request.params.orgId),
    }),
  );

  routes.post(
    '/api/v1/crud/check-value/:orgId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Check a group value (account, period, department, entity, counterparty) before saving',
        params: orgIdParamsSchema,
        body: checkValueRequestSchema,
        response: { 200: apiSuccessSchema(checkValueDataSchema) },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.valueChecked,
      data: await dataManagement.checkValue(request.params.orgId, request.body.columnName, request.body.value),
    }),
  );

  routes.get(
    '/api/v1/crud/:orgId/:table',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'One page of a table or view: filtered, sorted (default row_id ascending)',
        description:
          '`filters` is a JSON array of { column, op, value?, valueTo? }. `pagination.total` is exact when filtered; an ' +
          'unfiltered big table answers the planner’s estimate and says so in `pagination.totalIsEstimate`.',
        params: tableParamsSchema,
        querystring: dataListQuerySchema,
        response: { 200: dataListResponseSchema },
      },
      serializerCompiler: serializeAsBuilt,
    },
    async (request) => {
      const { pagination, ...data } = await dataManagement.list(
        request.params.orgId,
        request.params.table,
        request.query,
      );
      return { status: true as const, message: m.dataFetched, data, pagination };
    },
  );

  routes.get(
    '/api/v1/crud/:orgId/:table/export',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'CSV of every row of the current filtered, sorted view (streamed)',
        params: tableParamsSchema,
        querystring: dataExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, stream } = await dataManagement.exportCsv(
        request.params.orgId,
        request.params.table,
        request.query,
      );
      return sendDownload(reply, { filename, contentType: 'text/csv; charset=utf-8', body: stream });
    },
  );

  routes.post(
    '/api/v1/crud/:orgId/:table',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Create a record (views are read-only)',
        params: tableParamsSchema,
        body: dataRecordBodySchema,
        response: { 201: apiSuccessSchema(dataCreatedDataSchema) },
      },
    },
    async (request, reply) => {
      const { orgId, table } = request.params;
      const row = await dataManagement.create(callerOf(request).user, orgId, table, request.body);
      return reply.status(201).send({ status: true as const, message: m.created, data: { createddata: row } });
    },
  );

  routes.put(
    '/api/v1/crud/:orgId/:table/:rowId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Update some columns of a record',
        params: rowParamsSchema,
        body: dataRecordBodySchema,
        response: { 200: apiSuccessSchema(dataUpdatedDataSchema) },
      },
    },
    async (request) => {
      const { orgId, table, rowId } = request.params;
      const row = await dataManagement.update(callerOf(request).user, orgId, table, rowId, request.body);
      return { status: true as const, message: m.updated, data: { updateddata: row } };
    },
  );

  routes.delete(
    '/api/v1/crud/:orgId/:table/:rowId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Delete a record',
        params: rowParamsSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      const { orgId, table, rowId } = request.params;
      await dataManagement.remove(callerOf(request).user, orgId, table, rowId);
      return { status: true as const, message: m.deleted };
    },
  );

  routes.get(
    '/api/v1/crud/:orgId/:table/:rowId/history',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Who created, changed or deleted a record, newest first',
        params: rowParamsSchema,
        response: { 200: apiSuccessSchema(dataHistoryDataSchema) },
      },
    },
    async (request) => {
      const { orgId, table, rowId } = request.params;
      return {
        status: true as const,
        message: m.historyFetched,
        data: { history: await dataManagement.history(orgId, table, rowId) },
      };
    },
  );

  routes.get(
    '/api/v1/crud/:orgId/:table/:rowId/origin',
    {
      config: tenant,
      schema: {
        tags,
        summary:
          'Where a record came from: the load that wrote it (a run and its file, a sync, the Studio, the demo) and its last Studio edit',
        description:
          '`origin` is null for a record no load is recorded for (tables of Import Flat File). ' +
          '`describeRowOrigin` (packages/shared) says it in words.',
        params: rowParamsSchema,
        response: { 200: apiSuccessSchema(dataOriginDataSchema) },
      },
    },
    async (request) => {
      const { orgId, table, rowId } = request.params;
      return {
        status: true as const,
        message: m.originFetched,
        data: { origin: await dataManagement.origin(orgId, table, rowId) },
      };
    },
  );
}
