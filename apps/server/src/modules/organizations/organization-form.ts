import type { FastifyRequest } from 'fastify';
import { LOGO_MAX_BYTES } from '@finboard/shared/constants';
import { organizationFormSchema } from '@finboard/shared/organizations';
import type { z } from 'zod';
import { invalidInput } from '../../errors.ts';
import { readMultipart } from '../../plugins/multipart.ts';

export type OrganizationFormFields = z.output<typeof organizationFormSchema>;

/** The logo as received: at most LOGO_MAX_BYTES are kept; `size` tells a longer file apart. */
export interface UploadedLogo {
  bytes: Buffer;
  size: number;
}

export interface OrganizationFormInput {
  fields: OrganizationFormFields;
  logo?: UploadedLogo;
  /** Text field `removeLogo=true` on edit: drop the stored logo. */
  removeLogo: boolean;
}

/**
 * Reads the Add / Edit Organization form: multipart text fields plus an optional `logo` file part
 * (a JSON body is accepted too, without a logo). The client's file name and type are ignored; the
 * service judges the bytes. Text fields are validated here with the shared form schema.
 */
export async function readOrganizationForm(request: FastifyRequest): Promise<OrganizationFormInput> {
  const raw: Record<string, unknown> = {};
  let logo: UploadedLogo | undefined;

  if (request.isMultipart()) {
    // Reading stops at the limit; busboy skips the rest, so a huge file never sits in memory.
    await readMultipart(request, { limits: { fileSize: LOGO_MAX_BYTES }, throwFileSizeLimit: false }, async (part) => {
      if (part.type === 'field') {
        raw[part.fieldname] = part.value;
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.fieldname !== 'logo') return;
      const bytes = Buffer.concat(chunks);
      // A form whose file input was left empty still sends an empty part.
      if (bytes.length === 0 && !part.file.truncated) return;
      logo = { bytes, size: part.file.truncated ? bytes.length + 1 : bytes.length };
    });
  } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    Object.assign(raw, request.body);
  }

  const parsed = organizationFormSchema.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  return { fields: parsed.data, logo, removeLogo: raw.removeLogo === true || raw.removeLogo === 'true' };
}
