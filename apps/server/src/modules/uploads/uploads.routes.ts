import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Multipart } from '@fastify/multipart';
import { columnMappingFieldSchema, type ColumnMapping } from '@finboard/shared/column-mapping';
import type { DataType } from '@finboard/shared/data-types';
import { LAYOUT_MAX_MEGABYTES, type Layout } from '@finboard/shared/layouts';
import {
  uploadEncryptionMessages,
  uploadEncryptionSchema,
  uploadKeyResponseSchema,
  type UploadEncryption,
} from '@finboard/shared/upload-encryption';
import {
  fileUploadResponseSchema,
  MAX_FILES_PER_UPLOAD,
  uploadApiMessages,
  uploadedFileListQuerySchema,
  uploadedFileListResponseSchema,
  uploadOrganizationParamsSchema,
  uploadPeriodSchema,
} from '@finboard/shared/uploads';
import { messages } from '@finboard/shared/messages';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { paginationOf } from '@finboard/shared/pagination';
import { isStorableText } from '@finboard/shared/validation';
import { badRequest, invalidInput } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { readMultipart } from '../../plugins/multipart.ts';
import { organizationFromField, organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { DataTypesService } from '../data-types/data-types.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { StoredUpload, UploadsService } from './uploads.service.ts';
import { dataTypeOf, keptChunks, layoutFieldOf, openingLedgerOf, parseJsonField } from './upload-form.ts';

const tags = ['uploads'];

/** Where the file was stored: `<container>/incoming/<id>` for an onboarded organization, else the storage key. */
const fileUrlOf = (file: { containerName: string | null; storageKey: string }) =>
  file.containerName === null ? file.storageKey : `${file.containerName}/${file.storageKey}`;
const MAX_FILE_NAME_LENGTH = 255;

/** Uploads (issue 10 §1): the key browsers seal files with, the upload itself, and the files kept. */
export async function uploadsRoutes(
  app: FastifyInstance,
  opts: { uploads: UploadsService; dataTypes: DataTypesService; organizations: OrganizationsService },
): Promise<void> {
  const { uploads, dataTypes, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/pipeline/upload-key',
    {
      schema: {
        tags,
        summary: 'The public key browsers wrap each file key with (RSA-OAEP-256), and the chunk size to seal with',
        response: { 200: uploadKeyResponseSchema },
      },
    },
    async () => ({
      status: true as const,
      message: uploadEncryptionMessages.keyFetched,
      data: await uploads.uploadKey(),
    }),
  );

  routes.post(
    '/api/v1/pipeline/file-upload',
    {
      config: { tenantField: 'organizationId' },
      schema: {
        tags,
        summary:
          'Upload: multipart, fields first (organizationId, data_type_id, period), then per file its encryption ' +
          '(and columnMapping or layout) field and its sealed `files` part (docs/upload-encryption.md); ' +
          'createAccounts=true creates the accounts a laid-out file names that the chart lacks; openingBalances=true ' +
          'also posts a trial balance (Trial Balance type, with its layout and a period) to the GL Detail type as ' +
          'its balanced opening journal',
        consumes: ['multipart/form-data'],
        response: { 200: fileUploadResponseSchema },
      },
    },
    async (request) => {
      const stored = await receiveFiles(request, { uploads, dataTypes, organizations });
      try {
        const files = await uploads.record(stored, callerOf(request).user.id);
        return {
          status: true as const,
          message: { message: uploadApiMessages.uploaded, fileUrls: files.map(fileUrlOf) },
          data: {
            files: files.map((file) => ({
              id: file.id,
              name: file.name,
              size: file.size,
              sha256: file.sha256,
              status: file.status as 'uploaded',
            })),
          },
        };
      } catch (error) {
        await uploads.discard(stored);
        throw error;
      }
    },
  );

  routes.get(
    '/api/v1/pipeline/list-files/:organizationId',
    {
      config: { tenantParam: 'organizationId' },
      schema: {
        tags,
        summary: "The organization's uploaded files: filtered, sorted, one page",
        params: uploadOrganizationParamsSchema,
        querystring: uploadedFileListQuerySchema,
        response: { 200: uploadedFileListResponseSchema },
      },
    },
    async (request) => {
      const organizationId = organizationIdOf(request);
      await organizations.assertExists(organizationId);
      const { files, total } = await uploads.list(organizationId, request.query);
      return {
        status: true as const,
        message: 'Files fetched successfully',
        data: { files },
        pagination: paginationOf(request.query, total),
      };
    },
  );
}

/**
 * Reads an upload form as it streams: the organization (checked by the tenant guard's rule before any
 * file is read), the data type and period — each sent once — then each file after its own encryption (and
 * mapping) field. Either every file is checked and stored, or none is kept.
 */
async function receiveFiles(
  request: FastifyRequest,
  deps: { uploads: UploadsService; dataTypes: DataTypesService; organizations: OrganizationsService },
): Promise<StoredUpload[]> {
  const form: {
    organizationId?: string;
    dataTypeId?: string;
    dataType?: DataType;
    period?: string;
    encryption?: UploadEncryption;
    columnMapping?: ColumnMapping;
    /** The next file's layout (a real export, issue 23), and whether its new accounts are created. */
    layout?: Layout;
    createAccounts?: boolean;
    /** "Use as opening balances": each trial balance is also posted to this GL Detail type as its opening journal. */
    openingBalances?: boolean;
    /** The earlier file this upload's rows replace, or its periods (ledger-write.ts). */
    replacesFileId?: string;
    replacePeriods?: boolean;
    replacementChecked?: boolean;
  } = {};
  const stored: StoredUpload[] = [];

  const onField = async (name: string, value: unknown) => {
    switch (name) {
      case 'organizationId':
        form.organizationId = organizationFromField(request, value, uploadApiMessages.selectOrganization);
        await deps.organizations.assertExists(form.organizationId);
        return;
      case 'data_type_id':
        form.dataTypeId = typeof value === 'string' ? value : undefined;
        return;
      case 'period': {
        if (value === '') return;
        const period = uploadPeriodSchema.safeParse(value);
        if (!period.success) throw invalidInput(period.error.issues, 'period');
        form.period = period.data;
        return;
      }
      case 'encryption':
        form.encryption = parseJsonField(uploadEncryptionSchema, value, 'encryption');
        return;
      case 'columnMapping': {
        const mapping = columnMappingFieldSchema.safeParse(value);
        if (!mapping.success) throw invalidInput(mapping.error.issues, 'columnMapping');
        form.columnMapping = mapping.data;
        return;
      }
      case 'replacesFileId': {
        if (value === '') return;
        const fileId = z.uuid().safeParse(value);
        if (!fileId.success) throw badRequest('REPLACED_FILE_NOT_FOUND', pipelineMessages.replacedFileNotFound);
        form.replacesFileId = fileId.data;
        return;
      }
      case 'replacePeriods':
        form.replacePeriods = value === 'true';
        return;
      case 'layout':
        form.layout = layoutFieldOf(value);
        return;
      case 'createAccounts':
        form.createAccounts = value === 'true';
        return;
      case 'openingBalances':
        form.openingBalances = value === 'true';
        return;
      default:
        // The spec's clients also send user_id: the uploader is the caller, whatever a form says.
        return;
    }
  };

  const onFile = async (part: Multipart & { type: 'file' }) => {
    if (!form.organizationId) throw badRequest('ORGANIZATION_REQUIRED', uploadApiMessages.selectOrganization);
    form.dataType ??= await dataTypeOf(form.organizationId, form.dataTypeId, deps.dataTypes);
    // No period on a period-based type: all periods in the file (each row to the period of its date).
    if (!form.encryption) throw badRequest('ENCRYPTION_REQUIRED', uploadApiMessages.encryptionRequired);
    if (!form.replacementChecked) {
      // What the files replace is checked before the first is stored: a refused request keeps nothing.
      if (form.replacePeriods && !form.dataType.periodBased)
        throw badRequest('REPLACE_PERIODS_INVALID', pipelineMessages.replacePeriodsNeedsPeriods);
      if (form.replacesFileId)
        await deps.uploads.assertReplaceable(form.organizationId, form.dataType.id, form.replacesFileId);
      form.replacementChecked = true;
    }
    const name = part.filename.trim();
    if (name.length === 0 || name.length > MAX_FILE_NAME_LENGTH || !isStorableText(name))
      throw badRequest('FILE_NAME_INVALID', uploadApiMessages.fileNameInvalid);
    // Opening balances: the sealed file is kept as it arrives, to be stored a second time for the ledger.
    const openingLedger = form.openingBalances ? await openingLedgerOf(form, deps.dataTypes) : undefined;
    const sealed = openingLedger ? keptChunks(part.file, LAYOUT_MAX_MEGABYTES * 2) : undefined;
    stored.push(
      await deps.uploads.store({
        organizationId: form.organizationId,
        dataType: form.dataType,
        period: form.dataType.periodBased ? form.period : undefined,
        encryption: form.encryption,
        columnMapping: form.columnMapping,
        layout: form.layout,
        createAccounts: form.createAccounts,
        replaces: { fileId: form.replacesFileId, periods: form.replacePeriods },
        name,
        body: sealed?.body ?? part.file,
      }),
    );
    // The same trial balance, read with its layout for the ledger: one journal "Opening balances <period>" on
    // the period's first day (apply-layout.ts), refused whole when its debits and credits differ. Recorded with
    // the trial balance, so both are stored or neither; Run Pipeline loads the ledger's before the trial balance's.
    if (openingLedger && sealed && form.layout)
      stored.push(
        await deps.uploads.store({
          organizationId: form.organizationId,
          dataType: openingLedger,
          period: form.period,
          encryption: form.encryption,
          layout: { ...form.layout, family: 'trial-balance' },
          createAccounts: form.createAccounts,
          name,
          body: sealed.again(),
        }),
      );
    // Each file carries its own key, mapping and layout.
    form.encryption = undefined;
    form.columnMapping = undefined;
    form.layout = undefined;
  };

  try {
    await readMultipart(
      request,
      {
        limits: { fileSize: Infinity, files: MAX_FILES_PER_UPLOAD, fields: 10 + 3 * MAX_FILES_PER_UPLOAD },
        // They apply to every file of the request: one organization, one data type, one period.
        onceFields: {
          organizationId: uploadApiMessages.oneOrganization,
          data_type_id: messages.fieldRepeated('data_type_id'),
          period: messages.fieldRepeated('period'),
          replacesFileId: messages.fieldRepeated('replacesFileId'),
          replacePeriods: messages.fieldRepeated('replacePeriods'),
          createAccounts: messages.fieldRepeated('createAccounts'),
          openingBalances: messages.fieldRepeated('openingBalances'),
        },
      },
      async (part) => {
        if (part.type === 'field') await onField(part.fieldname, part.value);
        else if (part.fieldname === 'files') await onFile(part);
        // A file under another name is not an upload of ours: read past it.
        else for await (const chunk of part.file) void chunk;
      },
    );
    if (stored.length === 0) {
      if (!form.organizationId) throw badRequest('ORGANIZATION_REQUIRED', uploadApiMessages.selectOrganization);
      throw badRequest('FILE_REQUIRED', uploadApiMessages.selectFile);
    }
    return stored;
  } catch (error) {
    await deps.uploads.discard(stored);
    throw error;
  }
}
