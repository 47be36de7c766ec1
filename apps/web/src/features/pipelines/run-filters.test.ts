import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { runFiltersOf } from './run-filters';

describe('Filter Pipelines', () => {
  it('sends the name trimmed, the status, and the date range as days', () => {
    expect(
      runFiltersOf({ name: '  GL ', status: 'failed', queued: [dayjs('2026-11-01T10:00'), dayjs('2026-11-24T23:00')] }),
    ).toEqual({ name: 'GL', status: 'failed', from: '2026-11-01', to: '2026-11-24' });
  });
  it('sets every filter, empty ones as undefined, so Clear Filter removes the applied ones', () => {
    expect(runFiltersOf({ name: '   ' })).toEqual({
      name: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
    });
    expect(runFiltersOf({ queued: null })).toEqual({
      name: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
    });
  });
  it('keeps an open-ended range', () => {
    expect(runFiltersOf({ queued: [dayjs('2026-11-01'), null] })).toMatchObject({ from: '2026-11-01', to: undefined });
  });
});
