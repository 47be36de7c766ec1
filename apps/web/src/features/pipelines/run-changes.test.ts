import { describe, expect, it } from 'vitest';
import type { PipelineProblem } from '@finboard/shared/pipelines';
import {
  canUndo,
  noProblemsText,
  overwriteConfirmation,
  refusedForEdits,
  undoConfirmation,
  undoneText,
} from './run-changes';

const none = { rowsAdded: 0, rowsRemoved: 0, rowsReplaced: 0, editsOverwritten: 0 };
const succeeded = { status: 'succeeded' as const, undoneAt: null };

describe('Undo this load', () => {
  it('is offered for a succeeded run that added, removed or replaced rows', () => {
    expect(canUndo({ ...succeeded, ...none, rowsAdded: 10 })).toBe(true);
    expect(canUndo({ ...succeeded, ...none, rowsRemoved: 1 })).toBe(true);
    expect(canUndo({ ...succeeded, ...none, rowsReplaced: 2 })).toBe(true);
  });

  it('is not offered for a run that changed nothing, failed, is under way, or was undone', () => {
    expect(canUndo({ ...succeeded, ...none })).toBe(false);
    for (const status of ['queued', 'running', 'failed'] as const)
      expect(canUndo({ status, undoneAt: null, ...none, rowsAdded: 10 })).toBe(false);
    expect(canUndo({ ...succeeded, undoneAt: '2026-11-20T12:00:00.000Z', ...none, rowsAdded: 10 })).toBe(false);
  });

  it('says first what it will do, count by count', () => {
    expect(undoConfirmation({ rowsAdded: 4, rowsRemoved: 10, rowsReplaced: 1, editsOverwritten: 2 })).toEqual({
      title: 'Undo this load?',
      lines: [
        'The 4 rows it added are removed.',
        'The 10 rows it removed are put back.',
        'The 1 row it replaced gets its earlier values back.',
        'The 2 Studio edits it overwrote are restored.',
        'The warehouse and the statements are then exactly as before the run. If later work changed what it wrote, nothing is undone and you are told what stands in the way.',
      ],
    });
  });

  it('names who undid the run and when', () => {
    expect(undoneText({ undoneAt: null, undoneBy: null })).toBeUndefined();
    expect(undoneText({ undoneAt: '2026-11-20T12:05:00.000Z', undoneBy: 'Demo User' })).toMatch(
      /^Undone by Demo User on 20 Nov 2026 \d\d:05$/,
    );
  });
});

describe('"No problems recorded"', () => {
  it('stands alone only when the run removed and overwrote nothing', () => {
    expect(noProblemsText({ ...none, rowsAdded: 10 })).toBe('No problems recorded for this run');
  });

  it('never stands beside removed or replaced rows without their count', () => {
    expect(noProblemsText({ ...none, rowsAdded: 4, rowsRemoved: 10 })).toBe(
      'No problems recorded for this run; it removed 10 rows (counted above)',
    );
    expect(noProblemsText({ rowsAdded: 0, rowsRemoved: 1, rowsReplaced: 2, editsOverwritten: 2 })).toBe(
      'No problems recorded for this run; it removed 1 row, replaced 2 rows in place and overwrote 2 Studio edits (counted above)',
    );
  });
});

describe('a run refused for Studio edits', () => {
  const edits: PipelineProblem = {
    problem:
      '2 lines of gl_2026-11.csv were edited in the Studio after loading: journal NC-2, line 1; journal NC-2, line 2. Run again with "Overwrite Studio edits" to replace them.',
    editsInTheWay: true,
  };

  it('is a failed run whose problems say the edits stand in the way', () => {
    expect(refusedForEdits({ status: 'failed', problems: [edits] })).toBe(true);
    expect(refusedForEdits({ status: 'failed', problems: [{ problem: 'Journal J-7 would be out of balance' }] })).toBe(
      false,
    );
    expect(refusedForEdits({ status: 'failed', problems: [] })).toBe(false);
  });

  it('is run again only once confirmed, with the refusal repeated', () => {
    expect(overwriteConfirmation('GL Detail', edits.problem)).toEqual({
      title: 'Overwrite Studio edits and run again?',
      lines: [
        edits.problem,
        'The GL Detail pipeline runs again on the files waiting and replaces those edited rows with the files\' values. The run lists every edit it overwrote, and "Undo this load" puts them back.',
      ],
    });
  });
});
