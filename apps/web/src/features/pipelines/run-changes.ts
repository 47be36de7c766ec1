import dayjs from 'dayjs';
import type { PipelineRun, PipelineRunDetail } from '@finboard/shared/pipelines';

/**
 * What a run did to the warehouse, in words: its counts of rows added, removed and replaced, the Studio
 * edits it overwrote, whether it was undone, and what undoing it or overwriting edits would do.
 */

type Counts = Pick<PipelineRun, 'rowsAdded' | 'rowsRemoved' | 'rowsReplaced' | 'editsOverwritten'>;

const count = (value: number) => value.toLocaleString('en-US');
const rows = (value: number) => `${count(value)} ${value === 1 ? 'row' : 'rows'}`;

/** "20 Nov 2026 14:05": when something happened, in the browser's time zone. */
export const momentOf = (at: string) => dayjs(at).format('D MMM YYYY HH:mm');

/** Did the run change the warehouse at all (what an undo would take back)? */
export const changedRows = (run: Counts) => run.rowsAdded + run.rowsRemoved + run.rowsReplaced > 0;

/** "Undo this load" is offered for a succeeded run that changed rows and was not undone yet. */
export const canUndo = (run: Pick<PipelineRun, 'status' | 'undoneAt'> & Counts) =>
  run.status === 'succeeded' && run.undoneAt === null && changedRows(run);

/** A run refused because Studio edits stand in the way: its files wait for a run that overwrites them. */
export const refusedForEdits = (run: Pick<PipelineRunDetail, 'status' | 'problems'>) =>
  run.status === 'failed' && run.problems.some((problem) => problem.editsInTheWay === true);

/** "Undone by Ada Byron on 20 Nov 2026 14:05". */
export const undoneText = (run: Pick<PipelineRun, 'undoneAt' | 'undoneBy'>) =>
  run.undoneAt ? `Undone by ${run.undoneBy ?? 'someone no longer listed'} on ${momentOf(run.undoneAt)}` : undefined;

/**
 * Where the problems would be listed: never "No problems recorded" alone beside rows the run removed or
 * overwrote — their count stands with it.
 */
export function noProblemsText(run: Counts): string {
  const removed = run.rowsRemoved > 0 ? [`removed ${rows(run.rowsRemoved)}`] : [];
  const replaced = run.rowsReplaced > 0 ? [`replaced ${rows(run.rowsReplaced)} in place`] : [];
  const edits =
    run.editsOverwritten > 0
      ? [`overwrote ${count(run.editsOverwritten)} Studio ${run.editsOverwritten === 1 ? 'edit' : 'edits'}`]
      : [];
  const changes = [...removed, ...replaced, ...edits];
  if (changes.length === 0) return 'No problems recorded for this run';
  const listed = changes.length === 1 ? changes[0] : `${changes.slice(0, -1).join(', ')} and ${changes.at(-1)}`;
  return `No problems recorded for this run; it ${listed} (counted above)`;
}

/** What "Undo this load" will do, asked before it does it. */
export function undoConfirmation(run: Counts): { title: string; lines: string[] } {
  const lines: string[] = [];
  if (run.rowsAdded > 0) lines.push(`The ${rows(run.rowsAdded)} it added are removed.`);
  if (run.rowsRemoved > 0) lines.push(`The ${rows(run.rowsRemoved)} it removed are put back.`);
  if (run.rowsReplaced > 0)
    lines.push(
      `The ${rows(run.rowsReplaced)} it replaced ${run.rowsReplaced === 1 ? 'gets its' : 'get their'} earlier values back.`,
    );
  if (run.editsOverwritten > 0)
    lines.push(
      `The ${count(run.editsOverwritten)} Studio ${run.editsOverwritten === 1 ? 'edit' : 'edits'} it overwrote ${run.editsOverwritten === 1 ? 'is' : 'are'} restored.`,
    );
  lines.push(
    'The warehouse and the statements are then exactly as before the run. If later work changed what it wrote, nothing is undone and you are told what stands in the way.',
  );
  return { title: 'Undo this load?', lines };
}

/** What "Overwrite Studio edits and run again" will do, asked first; `refusal` is the run's own message. */
export const overwriteConfirmation = (pipelineName: string, refusal: string | null) => ({
  title: 'Overwrite Studio edits and run again?',
  lines: [
    ...(refusal ? [refusal] : []),
    `The ${pipelineName} pipeline runs again on the files waiting and replaces those edited rows with the files' values. The run lists every edit it overwrote, and "Undo this load" puts them back.`,
  ],
});
