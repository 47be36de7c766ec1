import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '@finboard/shared/uploads';
import { replacementCandidate, replacementLabel, replacePeriodsConfirmation } from './replacement';

const GL = '7d1f7c1e-2b7a-4c57-9f0e-1a2b3c4d5e6f';
const BUDGET = '0a9b8c7d-6e5f-4a3b-8c1d-0e9f8a7b6c5d';

let ids = 0;
/** A file of the list, loaded (processed) as GL Detail for 2026-11 unless told otherwise; uploaded at noon UTC. */
const file = (overrides: Partial<UploadedFile> = {}): UploadedFile => ({
  id: `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`,
  name: 'gl_2026-11.csv',
  size: 100,
  sha256: 'ab',
  status: 'processed',
  dataTypeId: GL,
  dataTypeName: 'GL Detail',
  period: '2026-11',
  uploadedBy: 'Demo User',
  uploadedAt: '2026-11-20T12:00:00.000Z',
  rows: 6,
  error: null,
  location: null,
  ...overrides,
});
const chosen = { name: 'gl_2026-11.csv', dataTypeId: GL, period: '2026-11' };

describe('the file a chosen file replaces', () => {
  it('is the processed file of the same name, data type and period', () => {
    const loaded = file();
    expect(replacementCandidate([loaded], chosen)).toBe(loaded);
  });

  it('is the newest of several such files: the one whose rows the ledger holds', () => {
    const older = file({ uploadedAt: '2026-10-02T09:00:00.000Z' });
    const newer = file({ uploadedAt: '2026-11-20T12:00:00.000Z' });
    expect(replacementCandidate([older, newer], chosen)).toBe(newer);
    expect(replacementCandidate([newer, older], chosen)).toBe(newer);
  });

  it('is none for a file waiting, rejected or being processed: it loaded no rows to replace', () => {
    for (const status of ['uploaded', 'processing', 'rejected'] as const)
      expect(replacementCandidate([file({ status })], chosen)).toBeUndefined();
  });

  it('is none for another name, another data type or another period: the file is added', () => {
    expect(replacementCandidate([file({ name: 'GL_2026-11.csv' })], chosen)).toBeUndefined();
    expect(replacementCandidate([file({ name: 'gl_2026-11.csv.bak' })], chosen)).toBeUndefined();
    expect(replacementCandidate([file({ dataTypeId: BUDGET })], chosen)).toBeUndefined();
    expect(replacementCandidate([file({ period: '2026-10' })], chosen)).toBeUndefined();
    expect(replacementCandidate([file({ period: null })], chosen)).toBeUndefined();
  });

  it('matches a file of all periods (none chosen) only with another of all periods', () => {
    const allPeriods = file({ period: null });
    expect(replacementCandidate([file(), allPeriods], { ...chosen, period: undefined })).toBe(allPeriods);
  });
});

describe('the words of the proposal and of the period confirmation', () => {
  it('names the file and the day it was loaded, and says what ticking it does', () => {
    expect(replacementLabel(file())).toBe(
      "Replace gl_2026-11.csv loaded on 20 Nov 2026 (its rows are removed and this file's rows added)",
    );
  });

  it('lists what replacing the period removes, by origin, with the Studio edits and what happens to them', () => {
    expect(
      replacePeriodsConfirmation({
        periods: ['2026-11'],
        removes: [
          { origin: 'gl_2026-11.csv', rows: 6, edited: 2 },
          { origin: 'qbo_export_v3.csv', rows: 4, edited: 0 },
          { origin: 'the Studio', rows: 1, edited: 0 },
        ],
        rows: 11,
        edited: 2,
      }),
    ).toEqual({
      title: 'Replace the whole period 2026-11?',
      lines: [
        "When its pipeline runs, these 11 rows of 2026-11 are removed and this upload's rows are loaded instead:",
        'gl_2026-11.csv: 6 rows, 2 of them edited in the Studio',
        'qbo_export_v3.csv: 4 rows',
        'the Studio: 1 row',
        '2 of them were edited in the Studio after loading: the run stops before removing them until you choose "Overwrite Studio edits and run again" on the Pipelines page.',
        '"Undo this load" on the Pipelines page puts the period back as it was, as long as no later work changed it.',
      ],
    });
  });

  it('says so when the period holds nothing yet', () => {
    expect(replacePeriodsConfirmation({ periods: ['2026-12'], removes: [], rows: 0, edited: 0 })).toEqual({
      title: 'Replace the whole period 2026-12?',
      lines: ["Replacing 2026-12 removes nothing now: this upload's rows are added."],
    });
  });
});
