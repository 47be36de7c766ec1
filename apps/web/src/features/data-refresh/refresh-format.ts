import type { RefreshStatus } from '@finboard/shared/data-refresh';

/** Seconds as people read a duration: 0.4 s, 12.3 s, 2 min 05 s, 1 h 02 min. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export const STATUS_LABELS: Record<RefreshStatus, { text: string; color: string }> = {
  queued: { text: 'Queued', color: 'default' },
  running: { text: 'In progress', color: 'processing' },
  success: { text: 'Success', color: 'success' },
  failed: { text: 'Failed', color: 'error' },
};
