import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Multipart } from '@fastify/multipart';
import type { DataType } from '@finboard/shared/data-types';
import { analyzeFileResponseSchema, layoutApiMessages, type FileAnalysis, type Layout } from '@finboard/shared/layouts';
import { messages } from '@finboard/shared/messages';
import { uploadEncryptionSchema, type UploadEncryption } from '@finboard/shared/upload-encryption';
import { uploadApiMessages, uploadPeriodSchema } from '@finboard/shared/uploads';
import { badRequest, invalidInput } from '../../errors.ts';
import { readMultipart } from '../../plugins/multipart.ts';
import { organizationFromField } from '../../plugins/tenant-guard.ts';
import type { DataTypesService } from '../data-types/data-types.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { dataTypeOf, layoutFieldOf, parseJsonField } from '../uploads/upload-form.ts';
import type { LayoutsService } from './layouts.service.ts';

const tags = ['uploads'];

/** Analyze a file before uploading it (issue 23 §2): what it is, and what would load. Nothing is stored. */
export async function layoutsRoutes(
  app: FastifyInstance,
  opts: { layouts: LayoutsService; dataTypes: DataTypesService; organizations: OrganizationsService },
): Promise<void> {
  const { layouts, dataTypes, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1/pipeline/analyze-file',
    {
      config: { tenantField: 'organizationId' },
      schema: {
        tags,
        summary:
          'Analyze: multipart, fields first (organizationId, data_type_id, optionally layout, period and partial), then the ' +
          "file's encryption field and its sealed `file` part, as file-upload seals it; answers the recognized " +
          'layout and a preview of what would load',
        consumes: ['multipart/form-data'],
        response: { 200: analyzeFileResponseSchema },
      },
    },
    async (request) => {
      const form: {
        organizationId?: string;
        dataTypeId?: string;
        encryption?: UploadEncryption;
        layout?: Layout;
        partial?: boolean;
        period?: string;
      } = {};
      let analysis: FileAnalysis | undefined;

      const onFile = async (part: Multipart & { type: 'file' }) => {
        if (!form.organizationId) throw badRequest('ORGANIZATION_REQUIRED', uploadApiMessages.selectOrganization);
        const dataType: DataType = await dataTypeOf(form.organizationId, form.dataTypeId, dataTypes);
        if (!form.encryption) throw badRequest('ENCRYPTION_REQUIRED', uploadApiMessages.encryptionRequired);
        analysis = await layouts.analyze({
          organizationId: form.organizationId,
          dataType,
          encryption: form.encryption,
          body: part.file,
          partial: form.partial === true,
          layout: form.layout,
          period: form.period,
        });
      };

      await readMultipart(
        request,
        {
          limits: { fileSize: Infinity, files: 1, fields: 10 },
          onceFields: {
            organizationId: uploadApiMessages.oneOrganization,
            data_type_id: messages.fieldRepeated('data_type_id'),
            encryption: messages.fieldRepeated('encryption'),
            layout: messages.fieldRepeated('layout'),
            partial: messages.fieldRepeated('partial'),
            period: messages.fieldRepeated('period'),
          },
        },
        async (part) => {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && !analysis) await onFile(part);
            else for await (const chunk of part.file) void chunk;
            return;
          }
          switch (part.fieldname) {
            case 'organizationId':
              form.organizationId = organizationFromField(request, part.value, uploadApiMessages.selectOrganization);
              await organizations.assertExists(form.organizationId);
              return;
            case 'data_type_id':
              form.dataTypeId = typeof part.value === 'string' ? part.value : undefined;
              return;
            case 'encryption':
              form.encryption = parseJsonField(uploadEncryptionSchema, part.value, 'encryption');
              return;
            case 'layout':
              form.layout = layoutFieldOf(part.value);
              return;
            case 'partial':
              form.partial = part.value === 'true';
              return;
            case 'period': {
              if (part.value === '') return;
              const period = uploadPeriodSchema.safeParse(part.value);
              if (!period.success) throw invalidInput(period.error.issues, 'period');
              form.period = period.data;
              return;
            }
            default:
              return;
          }
        },
      );
      if (!analysis) {
        if (!form.organizationId) throw badRequest('ORGANIZATION_REQUIRED', uploadApiMessages.selectOrganization);
        throw badRequest('FILE_REQUIRED', uploadApiMessages.selectFile);
      }
      return { status: true as const, message: layoutApiMessages.analyzed, data: analysis };
    },
  );
}
