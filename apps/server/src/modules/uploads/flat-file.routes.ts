import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  flatFileImportResponseSchema,
  flatFileMessages as m,
  isValidFlatFileTableName,
} from '@finboard/shared/flat-file';
import { messages } from '@finboard/shared/messages';
import {
  uploadEncryptionMessages,
  uploadEncryptionSchema,
  type UploadEncryption,
} from '@finboard/shared/upload-encryption';
import { badRequest, invalidInput } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { readMultipart } from '../../plugins/multipart.ts';
import { organizationFromField } from '../../plugins/tenant-guard.ts';
import type { FlatFileImportService, ReceivedFlatFile } from './flat-file-import.service.ts';

const DESCRIPTION =
  'multipart/form-data, fields first, each once: orgID (the organization), tableName (letters, digits and ' +
  'underscores, 1–63 characters, not a canonical table), replace=true to replace a table of that name, ' +
  'encryption (JSON, docs/upload-encryption.md); then the sealed CSV as the file part `file`. A field sent ' +
  'twice answers 400 and imports nothing. A table that exists without replace=true answers 409 with data ' +
  '{ tableName, rows }.';

function parseEncryption(value: unknown): UploadEncryption {
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw badRequest('ENCRYPTION_INVALID', uploadEncryptionMessages.encryptionInvalid);
  }
  const parsed = uploadEncryptionSchema.safeParse(json);
  if (!parsed.success) throw invalidInput(parsed.error.issues, 'encryption');
  return parsed.data;
}

/** Import Flat File (issue 10 §1): `POST /api/v1/pipeline/saveCSV`. */
export async function flatFileRoutes(app: FastifyInstance, opts: { flatFiles: FlatFileImportService }): Promise<void> {
  const { flatFiles } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1/pipeline/saveCSV',
    {
      config: { tenantField: 'orgID' },
      schema: {
        tags: ['uploads'],
        summary: 'Import Flat File: a CSV as a new table of the organization warehouse',
        description: DESCRIPTION,
        consumes: ['multipart/form-data'],
        response: { 200: flatFileImportResponseSchema },
      },
    },
    async (request) => {
      let organizationId: string | undefined;
      let tableName: string | undefined;
      let replace = false;
      let encryption: UploadEncryption | undefined;
      let received: ReceivedFlatFile | undefined;

      try {
        // No size limit: the file streams through, chunk by chunk, to storage; COPY waits for the end of the form.
        await readMultipart(
          request,
          {
            limits: { fileSize: Infinity },
            onceFields: {
              orgID: m.oneOrganization,
              tableName: messages.fieldRepeated('tableName'),
              replace: messages.fieldRepeated('replace'),
              encryption: messages.fieldRepeated('encryption'),
            },
          },
          async (part) => {
            if (part.type === 'field') {
              if (part.fieldname === 'orgID')
                organizationId = organizationFromField(request, part.value, messages.selectOrganization);
              else if (part.fieldname === 'tableName') {
                if (typeof part.value !== 'string' || !isValidFlatFileTableName(part.value))
                  throw badRequest('INVALID_TABLE_NAME', m.invalidTableName);
                tableName = part.value;
              } else if (part.fieldname === 'replace') {
                if (part.value !== 'true' && part.value !== 'false')
                  throw badRequest('REPLACE_INVALID', m.replaceInvalid);
                replace = part.value === 'true';
              } else if (part.fieldname === 'encryption') encryption = parseEncryption(part.value);
              return;
            }
            if (part.fieldname !== 'file' || received) {
              // Another file part is read and dropped, like any form field this route does not know.
              for await (const _chunk of part.file);
              return;
            }
            if (!organizationId) throw badRequest('ORGANIZATION_REQUIRED', messages.selectOrganization);
            if (!tableName) throw badRequest('INVALID_TABLE_NAME', m.invalidTableName);
            if (!encryption) throw badRequest('ENCRYPTION_INVALID', uploadEncryptionMessages.encryptionInvalid);
            received = await flatFiles.receive({
              principal: callerOf(request).user,
              organizationId,
              tableName,
              replace,
              encryption,
              body: part.file,
            });
          },
        );
      } catch (error) {
        await received?.discard();
        throw error;
      }
      if (!received) {
        if (!organizationId) throw badRequest('ORGANIZATION_REQUIRED', messages.selectOrganization);
        throw badRequest('FILE_REQUIRED', m.fileRequired);
      }
      const imported = await received.load();
      return { status: true as const, message: m.saved, data: imported };
    },
  );
}
