import { dataTypeListResponseSchema } from '@finboard/shared/data-types';
import { sealedBlob, sealUpload, uploadKeyResponseSchema } from '@finboard/shared/upload-encryption';
import { fileUploadResponseSchema } from '@finboard/shared/uploads';
import {
  availablePipelinesResponseSchema,
  pipelineRunResponseSchema,
  runPipelineResponseSchema,
} from '@finboard/shared/pipelines';
import { baseURL } from './browser';

/** The id of an organization's data type, by its name (the standard ones: 'GL Detail', …). */
export async function dataTypeId(token: string, organizationId: string, name: string): Promise<string> {
  const response = await fetch(
    `${baseURL()}/api/v1/data-types/${organizationId}?${new URLSearchParams({ name, pageSize: '100' })}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const { data } = dataTypeListResponseSchema.parse(await response.json());
  const found = data.dataTypes.find((dataType) => dataType.name === name);
  if (!found) throw new Error(`No data type ${name} in organization ${organizationId}`);
  return found.id;
}

/**
 * Uploads a CSV as the browser does (docs/upload-encryption.md): sealed with the server's upload key,
 * through POST /api/v1/pipeline/file-upload. Throws with the server's answer when it is refused.
 */
export async function uploadCsv(
  token: string,
  upload: { organizationId: string; dataTypeId: string; period?: string; name: string; csv: string },
) {
  const auth = { authorization: `Bearer ${token}` };
  const keyResponse = await fetch(`${baseURL()}/api/v1/pipeline/upload-key`, { headers: auth });
  const { data: uploadKey } = uploadKeyResponseSchema.parse(await keyResponse.json());
  const { encryption, chunks } = await sealUpload(uploadKey, new Blob([upload.csv], { type: 'text/csv' }));

  const form = new FormData();
  form.append('organizationId', upload.organizationId);
  form.append('data_type_id', upload.dataTypeId);
  if (upload.period) form.append('period', upload.period);
  form.append('encryption', JSON.stringify(encryption));
  form.append('files', await sealedBlob(chunks), upload.name);
  const response = await fetch(`${baseURL()}/api/v1/pipeline/file-upload`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const payload: unknown = await response.json();
  if (!response.ok) throw new Error(`file-upload → ${response.status} ${JSON.stringify(payload)}`);
  return fileUploadResponseSchema.parse(payload).data.files;
}

/** How many files wait for an organization's pipeline (by its data type's name). */
export async function pendingFiles(token: string, organizationId: string, pipelineName: string): Promise<number> {
  const response = await fetch(`${baseURL()}/api/v1/pipeline/list-available-pipelines/${organizationId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = availablePipelinesResponseSchema.parse(await response.json());
  return data.pipelines.find((pipeline) => pipeline.name === pipelineName)?.pendingFiles ?? 0;
}

/**
 * Runs one pipeline through the API and waits for the run to be over: its final status. Setup and
 * teardown use it (expect.poll belongs to tests: a plain wait here).
 */
export async function runPipelineAndWait(
  token: string,
  organizationId: string,
  pipelineName: string,
): Promise<'succeeded' | 'failed'> {
  const auth = { authorization: `Bearer ${token}` };
  const queued = await fetch(
    `${baseURL()}/api/v1/pipeline/run-pipeline/${organizationId}?${new URLSearchParams({ pipelineName })}`,
    { method: 'POST', headers: auth },
  );
  const [runId] = runPipelineResponseSchema.parse(await queued.json()).data.runIds;
  if (!runId) throw new Error(`No files were waiting for ${pipelineName}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseURL()}/api/v1/pipeline/runs/${runId}`, { headers: auth });
    const { status } = pipelineRunResponseSchema.parse(await response.json()).data.run;
    if (status === 'succeeded' || status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The run ${runId} of ${pipelineName} did not finish within 60 s`);
}
