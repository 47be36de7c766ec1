import type { DataFactoryClient, PipelineDefinition } from '../../platform/azure/data-factory-client.ts';

/** The parameters every ADF pipeline of ours takes: the organization and the uploaded file it works on. */
export const ADF_PIPELINE_PARAMETERS = ['organizationId', 'fileId'] as const;

/**
 * Our pipeline's name as ADF accepts it: ADF refuses . + ? / < > * % & : \ in names and wants a letter,
 * digit or underscore first; pipelines may have 140 characters, activities 55.
 */
export function adfName(name: string, maxLength: number): string {
  const safe = name.replace(/[.+?/<>*%&:\\]/g, '-').trim();
  return (/^[A-Za-z0-9_]/.test(safe) ? safe : `_${safe}`).slice(0, maxLength);
}

/**
 * The ADF pipeline standing for one of ours: a single Wait activity named after it and the parameters a
 * run is given. It is the hook a real deployment extends (copy activities, a callback); the loading
 * itself stays in Finboard's own pipeline runner.
 */
export function adfPipelineDefinition(pipelineName: string): PipelineDefinition {
  return {
    properties: {
      description: `Finboard pipeline "${pipelineName}"`,
      parameters: Object.fromEntries(
        ADF_PIPELINE_PARAMETERS.map((parameter) => [parameter, { type: 'String', defaultValue: '' }]),
      ),
      activities: [{ name: adfName(pipelineName, 55), type: 'Wait', typeProperties: { waitTimeInSeconds: 1 } }],
    },
  };
}

/**
 * The Azure factory of that name with one ADF pipeline per pipeline of the set, then one run of the first
 * as a smoke check (not awaited: its runId is kept to look it up). PUTs are idempotent, so a re-run only
 * brings Azure up to date.
 */
export async function provisionAzureDataFactory(
  client: Pick<DataFactoryClient, 'ensureFactory' | 'putPipeline' | 'createRun'>,
  organizationId: string,
  factory: string,
  pipelineNames: readonly string[],
) {
  const { created } = await client.ensureFactory(factory);
  const pipelines = pipelineNames.map((name) => adfName(name, 140));
  for (const [index, name] of pipelines.entries())
    await client.putPipeline(factory, name, adfPipelineDefinition(pipelineNames[index]!));
  const smokePipeline = pipelines[0];
  const run = smokePipeline
    ? { pipeline: smokePipeline, ...(await client.createRun(factory, smokePipeline, { organizationId, fileId: '' })) }
    : null;
  return { factory, created, pipelines, run };
}
