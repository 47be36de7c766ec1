import type { PackDelivery, PackRun, PackRunStatus, PackRunTrigger } from '@finboard/shared/report-packs';

export const RUN_STATUS_LABELS: Record<PackRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  held: 'Held',
};
export const RUN_STATUS_COLOURS: Record<PackRunStatus, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  held: 'warning',
};
export const RUN_TRIGGER_LABELS: Record<PackRunTrigger, string> = {
  manual: 'Manual',
  schedule: 'Schedule',
  'data-loaded': 'Period loaded',
};
export const DELIVERY_STATUS_LABELS: Record<PackDelivery['status'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  outbox: 'In the outbox',
  failed: 'Failed',
};
export const DELIVERY_STATUS_COLOURS: Record<PackDelivery['status'], string> = {
  pending: 'default',
  sent: 'success',
  outbox: 'blue',
  failed: 'error',
};

/** A run still under way: its page asks again until it is done. */
export const isActiveRun = (run: Pick<PackRun, 'status'> | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** How often a run under way is asked for. */
export const RUN_POLL_MS = 1500;
