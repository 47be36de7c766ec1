import type { FilePlace } from '../../platform/storage/file-holds.ts';
import { keyOfTemporary, type StoredFileInfo } from '../../platform/storage/storage.ts';
import { CONTAINER_UPLOAD_FOLDERS, PLATFORM_IMPORTS_FOLDER, PLATFORM_UPLOADS_FOLDER } from './upload-folders.ts';

/** A file as the sweep found it: in the platform's storage (container null) or in an organization's container. */
export interface FoundFile extends StoredFileInfo {
  container: string | null;
}

/**
 * A file left unheld this long is taken for a leftover even without a dead hold: one written by a version
 * without holds, or one whose sweep was cut short after it took the hold. Long enough for any request.
 */
export const UNHELD_GRACE_MS = 24 * 3600 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id a file is named after (`…/<id>`, also for its temporary files): an uploaded file's id, or an import's. */
export function fileIdOf(key: string): string | undefined {
  const name = (keyOfTemporary(key) ?? key).split('/').at(-1)!;
  return UUID.test(name) ? name : undefined;
}

/** What writes a file there: uploads, Import Flat File, or something else (logos). */
function areaOf(file: FilePlace): 'upload' | 'import' | 'other' {
  const folder = file.key.split('/')[0]!;
  if (file.container !== null)
    return (CONTAINER_UPLOAD_FOLDERS as readonly string[]).includes(folder) ? 'upload' : 'other';
  if (folder === PLATFORM_UPLOADS_FOLDER) return 'upload';
  return folder === PLATFORM_IMPORTS_FOLDER ? 'import' : 'other';
}

const placeId = (place: FilePlace) => `${place.container ?? ''}\u0000${place.key}`;

/**
 * The files no live request owns (the sweep's rules; modules/uploads/orphan-files.service.ts applies them):
 * - an uploaded file (a file named after an id in `committed`) is never removed, whatever else holds;
 * - a file a live hold names, or a temporary file of one, is kept;
 * - a file a dead hold names (its process died), or a temporary file of one, is removed at once;
 * - any other file is kept while it changed within `graceMs`; after that a temporary file of an unfinished
 *   write is removed anywhere, an Import Flat File copy always, and in the uploads' folders a file named
 *   after an id that no uploaded file has. Anything else (logos, the folders' markers, files of other
 *   names in a container) is never touched.
 */
export function orphansAmong(input: {
  files: readonly FoundFile[];
  live: readonly FilePlace[];
  dead: readonly FilePlace[];
  /** The ids, among the files' names, that uploaded files have. */
  committed: ReadonlySet<string>;
  now: Date;
  graceMs: number;
}): FoundFile[] {
  const live = new Set(input.live.map(placeId));
  const dead = new Set(input.dead.map(placeId));
  return input.files.filter((file) => {
    const base = keyOfTemporary(file.key);
    const temporary = base !== undefined;
    const held = placeId({ container: file.container, key: base ?? file.key });
    const id = fileIdOf(file.key);
    if (!temporary && id !== undefined && input.committed.has(id)) return false;
    if (live.has(held)) return false;
    if (dead.has(held)) return true;
    if (input.now.getTime() - file.modifiedAt.getTime() < input.graceMs) return false;
    if (temporary) return true;
    const area = areaOf(file);
    if (area === 'import') return true;
    return area === 'upload' && id !== undefined && !input.committed.has(id);
  });
}
