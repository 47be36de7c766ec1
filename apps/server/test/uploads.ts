import type { FastifyInstance } from 'fastify';
import { sealedBlob, sealUpload, type UploadKey } from '@finboard/shared/upload-encryption';

export interface FormFile {
  name: string;
  /** The plain file. */
  content: string | Uint8Array;
  columnMapping?: Record<string, string | null>;
  /** Changes the sealed bytes before they are sent (tampering, truncation). */
  alter?: (sealed: Uint8Array) => Uint8Array;
}

/** A part of a hand-made form: a field, or a file (sent as the browser sends one: encryption, mapping, sealed part). */
export type FormPart = readonly [name: string, value: string] | FormFile;

/**
 * A form exactly as the browser sends it (docs/upload-encryption.md): the fields, then for each file its
 * encryption (and mapping) field and its sealed part, named `fileField` (`files` for an upload, `file` for
 * Import Flat File).
 */
export async function sealedFormData(
  uploadKey: UploadKey,
  fields: Record<string, string>,
  files: readonly FormFile[],
  fileField = 'files',
): Promise<FormData> {
  return sealedFormOfParts(uploadKey, [...Object.entries(fields), ...files], fileField);
}

/** A form of these parts in this order (fields after files included), each file sealed as the browser seals it. */
export async function sealedFormOfParts(
  uploadKey: UploadKey,
  parts: readonly FormPart[],
  fileField = 'files',
): Promise<FormData> {
  const form = new FormData();
  for (const file of parts) {
    if (!('content' in file)) {
      form.append(file[0], file[1]);
      continue;
    }
    const plain = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
    const { encryption, chunks } = await sealUpload(uploadKey, new Blob([Buffer.from(plain)]));
    form.append('encryption', JSON.stringify(encryption));
    if (file.columnMapping) form.append('columnMapping', JSON.stringify(file.columnMapping));
    let sealed: Uint8Array = new Uint8Array(await (await sealedBlob(chunks)).arrayBuffer());
    if (file.alter) sealed = file.alter(sealed);
    form.append(fileField, new Blob([Buffer.from(sealed)], { type: 'application/octet-stream' }), file.name);
  }
  return form;
}

/** An upload form (sealedFormData) as an inject() payload with its headers, or a fetch() body. */
export async function sealedUploadForm(
  uploadKey: UploadKey,
  fields: Record<string, string>,
  files: readonly FormFile[],
  fileField = 'files',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const request = new Request('http://upload.test/', {
    method: 'POST',
    body: await sealedFormData(uploadKey, fields, files, fileField),
  });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A balanced GL file for one period: `journals` journals of two lines on the given accounts. */
export function glCsv(period: string, journals: number, accounts: [string, string], prefix = 'UP'): string {
  const lines = ['journal_id,line_no,posting_date,period,account_code,description,debit,credit'];
  for (let j = 1; j <= journals; j++) {
    const amount = `${j * 10}.25`;
    const id = `${prefix}-${period}-${String(j).padStart(4, '0')}`;
    lines.push(`${id},1,${period}-15,${period},${accounts[0]},Sale ${j},${amount},0`);
    lines.push(`${id},2,${period}-15,${period},${accounts[1]},Sale ${j},0,${amount}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The server's public key for sealing uploads, as the browser fetches it before a first upload. */
export async function fetchUploadKey(app: FastifyInstance, token: string): Promise<UploadKey> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/pipeline/upload-key',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json<{ data: UploadKey }>().data;
}
