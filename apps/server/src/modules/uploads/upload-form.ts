import { z } from 'zod';
import { layoutApiMessages, layoutSchema, type Layout } from '@finboard/shared/layouts';
import { uploadApiMessages } from '@finboard/shared/uploads';
import { badRequest, invalidInput } from '../../errors.ts';
import type { DataTypesService } from '../data-types/data-types.service.ts';

/** What the forms that send sealed files (file upload, analyze) read the same way. */

/** The form's data type, which must be the organization's own: any other id is a bad form (400), not a missing page. */
export async function dataTypeOf(organizationId: string, dataTypeId: string | undefined, dataTypes: DataTypesService) {
  if (!dataTypeId) throw badRequest('DATA_TYPE_REQUIRED', uploadApiMessages.dataTypeRequired);
  const dataType = z.uuid().safeParse(dataTypeId).success
    ? await dataTypes.find(organizationId, dataTypeId)
    : undefined;
  if (!dataType) throw badRequest('DATA_TYPE_NOT_FOUND', uploadApiMessages.dataTypeNotFound);
  return dataType;
}

/** A form field holding JSON (the encryption of the file after it), checked with its schema. */
export function parseJsonField<T extends z.ZodType>(schema: T, value: unknown, field: string): z.output<T> {
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    parsed = undefined;
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw invalidInput(result.error.issues, field);
  return result.data;
}

/** A file's layout field (issue 23): JSON of the layout's shape, or 400 with one message. */
export function layoutFieldOf(value: unknown): Layout {
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    parsed = undefined;
  }
  const layout = layoutSchema.safeParse(parsed);
  if (!layout.success) throw badRequest('LAYOUT_INVALID', layoutApiMessages.layoutInvalid);
  return layout.data;
}
