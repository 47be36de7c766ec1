import { describe, expect, it } from 'vitest';
import { defaultPeriod, formatBytes, packFileName, periodLabel, previousMonth } from './pack-period';

const today = new Date('2026-11-21T12:00:00Z');

describe('the period a pack opens on', () => {
  it("is the organization's last closed month", () => {
    const rows = [
      { Period: '2026-09', is_closed: true },
      { Period: '2026-10', is_closed: false },
      { Period: '2026-08', is_closed: true },
    ];
    expect(defaultPeriod(rows, today)).toBe('2026-09');
  });
  it('is its last month when none is closed, and the month before today without any', () => {
    expect(defaultPeriod([{ Period: '2026-06', is_closed: false }, { Period: '2026-07' }], today)).toBe('2026-07');
    expect(defaultPeriod([], today)).toBe('2026-10');
    expect(defaultPeriod(undefined, today)).toBe('2026-10');
    expect(previousMonth(new Date('2027-01-03T00:00:00Z'))).toBe('2026-12');
  });
});

describe('names of periods and files', () => {
  it('names a month in words', () => {
    expect(periodLabel('2026-10')).toBe('October 2026');
  });
  it('names a generated file after the pack and the period, without what file systems refuse', () => {
    expect(packFileName('Monthly pack', '2026-10', 'pdf')).toBe('Monthly pack 2026-10.pdf');
    expect(packFileName('Board: Q/4', '2026-10', 'xlsx')).toBe('Board- Q-4 2026-10.xlsx');
  });
  it('gives file sizes in B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(245_760)).toBe('240 KB');
    expect(formatBytes(1_258_291)).toBe('1.2 MB');
  });
});
