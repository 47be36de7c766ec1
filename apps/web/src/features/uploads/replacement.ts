import dayjs from 'dayjs';
import type { ReplacePreview } from '@finboard/shared/pipelines';
import type { UploadedFile } from '@finboard/shared/uploads';

/** What a chosen file is matched on: its name, the data type and the period of the upload (none: all periods). */
export interface ChosenFile {
  name: string;
  dataTypeId: string;
  period: string | undefined;
}

/**
 * The file a chosen file most likely replaces: one loaded before (processed) under the same name, of the
 * same data type and the same period — the newest of them, whose rows the ledger holds now. None when the
 * file is new: its rows are then added.
 */
export function replacementCandidate(loaded: readonly UploadedFile[], chosen: ChosenFile): UploadedFile | undefined {
  return loaded
    .filter(
      (file) =>
        file.status === 'processed' &&
        file.name === chosen.name &&
        file.dataTypeId === chosen.dataTypeId &&
        file.period === (chosen.period ?? null),
    )
    .toSorted((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))[0];
}

/** "20 Nov 2026": a day as people say it, in the browser's time zone. */
export const dayOf = (at: string) => dayjs(at).format('D MMM YYYY');

/** The proposal's words: what ticking it does, for the file it names. */
export const replacementLabel = (file: Pick<UploadedFile, 'name' | 'uploadedAt'>) =>
  `Replace ${file.name} loaded on ${dayOf(file.uploadedAt)} (its rows are removed and this file's rows added)`;

const rowsText = (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`;

/** One origin of a replace preview: "gl_2026-11.csv: 6 rows, 2 of them edited in the Studio". */
export const originText = ({ origin, rows, edited }: ReplacePreview['removes'][number]) =>
  `${origin}: ${rowsText(rows)}${edited > 0 ? `, ${edited.toLocaleString('en-US')} of them edited in the Studio` : ''}`;

/**
 * What the confirmation of "Replace the whole period" says before the upload is sent: the rows the
 * replace removes when the pipeline runs (the preview's: GL, the uploaded lines), by origin, and what
 * happens to Studio edits.
 */
export function replacePeriodsConfirmation(preview: ReplacePreview): { title: string; lines: string[] } {
  const periods = preview.periods.join(', ');
  const title = `Replace the whole period ${periods}?`;
  if (preview.rows === 0)
    return { title, lines: [`Replacing ${periods} removes nothing now: this upload's rows are added.`] };
  const lines = [
    `When its pipeline runs, these ${rowsText(preview.rows)} of ${periods} are removed and this upload's rows are loaded instead:`,
    ...preview.removes.map(originText),
  ];
  if (preview.edited > 0)
    lines.push(
      `${preview.edited.toLocaleString('en-US')} of them ${preview.edited === 1 ? 'was' : 'were'} edited in the Studio after loading: the run stops before removing ${preview.edited === 1 ? 'it' : 'them'} until you choose "Overwrite Studio edits and run again" on the Pipelines page.`,
    );
  lines.push(
    '"Undo this load" on the Pipelines page puts the period back as it was, as long as no later work changed it.',
  );
  return { title, lines };
}
