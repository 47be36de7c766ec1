/** Every pipelines query sits under this key, so a run queued or finished refreshes them all. */
export const pipelinesQueryKey = ['pipelines'] as const;

const organizationPath = (route: string, organizationId: string) =>
  `/api/v1/pipeline/${route}/${encodeURIComponent(organizationId)}`;

export const pipelinesUrls = {
  available: (organizationId: string) => organizationPath('list-available-pipelines', organizationId),
  runs: (organizationId: string) => organizationPath('list-pipelines', organizationId),
  run: (runId: string) => `/api/v1/pipeline/runs/${encodeURIComponent(runId)}`,
  undo: (runId: string) => `/api/v1/pipeline/runs/${encodeURIComponent(runId)}/undo`,
  runPipeline: (organizationId: string) => organizationPath('run-pipeline', organizationId),
};
