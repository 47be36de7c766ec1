import { describe, expect, it } from 'vitest';
import { describeRowOrigin, originTime, type RowOrigin } from './data-management.ts';

const load = (extra: Partial<RowOrigin['load']>): RowOrigin['load'] => ({
  id: 42,
  kind: 'run',
  label: 'gl_2026-11.csv',
  source: null,
  fileName: null,
  actor: null,
  at: '2026-11-20T14:02:31.120Z',
  ...extra,
});

describe("a row's origin in words", () => {
  it.each<[string, RowOrigin['load'], string]>([
    [
      'a pipeline run, by its file and run number',
      load({ kind: 'run', fileName: 'gl_2026-11.csv', label: 'gl_2026-11.csv, qbo_export_v3.csv' }),
      'Loaded from gl_2026-11.csv by run #42 on 20 Nov 2026, 14:02',
    ],
    [
      'a run whose file is not recorded, by its label',
      load({ kind: 'run' }),
      'Loaded from gl_2026-11.csv by run #42 on 20 Nov 2026, 14:02',
    ],
    [
      'an accounting sync, by its system',
      load({ kind: 'sync', source: 'quickbooks', label: 'QuickBooks sync' }),
      'Synced from QuickBooks Online on 20 Nov 2026, 14:02',
    ],
    [
      'the Studio, by the user',
      load({ kind: 'studio', label: 'Studio', actor: 'Demo User' }),
      'Added in the Studio by Demo User on 20 Nov 2026, 14:02',
    ],
    [
      'the Studio, without a user',
      load({ kind: 'studio', label: 'Studio' }),
      'Added in the Studio on 20 Nov 2026, 14:02',
    ],
    ['the demo books', load({ kind: 'demo', label: 'Demo books' }), 'From the demo books'],
    [
      'the baseline of rows older than lineage, by its label',
      load({ kind: 'baseline', label: 'Loaded before lineage was kept (GL Detail, upload, 2026-01)' }),
      'Loaded before lineage was kept (GL Detail, upload, 2026-01)',
    ],
  ])('%s', (_case, origin, text) => {
    expect(describeRowOrigin({ load: origin, edit: null }, 'UTC')).toBe(text);
  });

  it('adds the last Studio edit', () => {
    const origin: RowOrigin = {
      load: load({ kind: 'run', fileName: 'gl_2026-11.csv' }),
      edit: { id: 57, actor: 'Demo User', at: '2026-11-21T09:15:00.000Z' },
    };
    expect(describeRowOrigin(origin, 'UTC')).toBe(
      'Loaded from gl_2026-11.csv by run #42 on 20 Nov 2026, 14:02; edited in the Studio by Demo User on 21 Nov 2026, 09:15',
    );
  });

  it("writes the time in the reader's time zone, 24-hour, the month in three letters", () => {
    expect(originTime('2026-09-03T23:05:00Z', 'UTC')).toBe('3 Sep 2026, 23:05');
    expect(originTime('2026-09-03T23:05:00Z', 'Europe/Berlin')).toBe('4 Sep 2026, 01:05');
    expect(originTime('2026-01-01T00:00:00Z', 'America/New_York')).toBe('31 Dec 2025, 19:00');
  });
});
