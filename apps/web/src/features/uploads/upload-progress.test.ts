import { describe, expect, it } from 'vitest';
import { formatBytes, progressPercent, progressText } from './upload-progress';

describe('upload progress', () => {
  it('writes sizes in decimal units with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(3_400_000)).toBe('3.4 MB');
    expect(formatBytes(1_250_000_000)).toBe('1.3 GB');
  });
  it('says bytes sent of the total and the speed', () => {
    expect(progressText({ loaded: 1_200_000, total: 3_400_000, bytesPerSecond: 850_000 })).toBe(
      '1.2 MB of 3.4 MB · 850.0 kB/s',
    );
  });
  it('reaches 100 % only when every byte has gone', () => {
    expect(progressPercent({ loaded: 999_999, total: 1_000_000 })).toBe(99);
    expect(progressPercent({ loaded: 1_000_000, total: 1_000_000 })).toBe(100);
    expect(progressPercent({ loaded: 10, total: 0 })).toBe(0);
  });
});
