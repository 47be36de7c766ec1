import { z } from 'zod';
import { layoutApiMessages, layoutSchema, type Layout } from '@finboard/shared/layouts';
import type { DataType } from '@finboard/shared/data-types';
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

/**
 * The GL Detail type a form's trial balance is posted to as opening balances ("Use as opening balances"): the
 * organization's standard one. Only a trial balance read with its layout, for a period, can be: 400 otherwise.
 */
export async function openingLedgerOf(
  form: { organizationId?: string; dataType?: DataType; layout?: Layout; period?: string },
  dataTypes: DataTypesService,
): Promise<DataType> {
  if (form.dataType?.targetTable !== '04_Trial_Balance' || !form.layout)
    throw badRequest('OPENING_BALANCES_INVALID', layoutApiMessages.openingBalancesNotTrialBalance);
  if (!form.period) throw badRequest('OPENING_BALANCES_INVALID', layoutApiMessages.openingBalancesNeedPeriod);
  const ledger = (await dataTypes.listAll(form.organizationId!)).find(
    (type) => type.isStandard && type.targetTable === '02_GL_Detail',
  );
  if (!ledger) throw badRequest('OPENING_BALANCES_INVALID', layoutApiMessages.openingBalancesNoLedger);
  return ledger;
}

/**
 * A body passed on as it arrives, its chunks kept (up to `megabytes`) to be read `again()`: one sealed file
 * stored twice. Past the limit nothing more is kept (a file read with a layout is refused long before).
 */
export function keptChunks(body: AsyncIterable<Uint8Array>, megabytes: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    body: (async function* () {
      for await (const chunk of body) {
        size += chunk.length;
        if (size <= megabytes * 1024 * 1024) chunks.push(chunk);
        yield chunk;
      }
    })(),
    async *again(): AsyncGenerator<Uint8Array> {
      yield* chunks;
    },
  };
}
