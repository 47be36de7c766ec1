import { describe, expect, it } from 'vitest';
import { formatDuration } from './refresh-format';

describe('formatDuration', () => {
  it('writes seconds, minutes and hours as people read them', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(0.42)).toBe('0.4 s');
    expect(formatDuration(12.34)).toBe('12.3 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(formatDuration(3725)).toBe('1 h 02 min');
  });
});
