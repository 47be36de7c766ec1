const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** Decimal units, as browsers and operating systems show file sizes: 1.5 MB is 1,500,000 bytes. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** "1.2 MB of 3.4 MB · 850.0 kB/s": how much of the sealed body has gone, and how fast on average. */
export const progressText = ({
  loaded,
  total,
  bytesPerSecond,
}: {
  loaded: number;
  total: number;
  bytesPerSecond: number;
}) => `${formatBytes(loaded)} of ${formatBytes(total)} · ${formatBytes(bytesPerSecond)}/s`;

/** Whole percent for the progress bar; 100 only once every byte has gone. */
export const progressPercent = ({ loaded, total }: { loaded: number; total: number }) =>
  total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
