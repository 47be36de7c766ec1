import { createWriteStream, type Dirent, type Stats } from 'node:fs';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where the platform keeps files (logos now; uploads later). Keys are ours, never a client's path. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Writes the stream as the file `key`, which appears whole or not at all: when the stream fails, the
   * partial file is removed and the error passed on.
   */
  putStream(key: string, data: Readable): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  getStream(key: string): Promise<Readable | undefined>;
  /**
   * Every file whose key starts with `prefix` ('' for all), temporary files of unfinished writes included;
   * in no particular order.
   */
  list(prefix: string): AsyncIterable<StoredFileInfo>;
}

export interface StoredFileInfo {
  key: string;
  size: number;
  /** When its bytes last changed (a file being written keeps changing). */
  modifiedAt: Date;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Refuses anything that could leave the storage root. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** A listing's prefix: '' or the start of a key (a folder ends with '/'). */
export function assertStoragePrefix(prefix: string): void {
  if (prefix !== '') assertStorageKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** Where a write of the file `name` goes until it is whole (createLocalStorage renames it to `name` then). */
const temporaryNameOf = (name: string) => `${name}.${process.pid}.${randomUUID()}.tmp`;
const TEMPORARY_KEY = /^(.+)\.\d+\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** The key a temporary file of an unfinished write stands for; undefined when `key` is not a temporary file's. */
export const keyOfTemporary = (key: string): string | undefined => TEMPORARY_KEY.exec(key)?.[1];

/** Files under DATA_DIR/files: the embedded default. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  // Write then rename, so a reader never sees half a file.
  async function writeWhole(key: string, write: (temporary: string) => Promise<void>) {
    const file = resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = temporaryNameOf(file);
    try {
      await write(temporary);
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }
  return {
    put: (key, data) => writeWhole(key, (temporary) => fs.writeFile(temporary, data)),
    putStream: (key, data) =>
      writeWhole(key, (temporary) => pipeline(data, createWriteStream(temporary, { flags: 'wx' }))),
    async getStream(key) {
      const file = resolve(key);
      // Opened first, so that a missing file is an answer rather than a stream error.
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return handle.createReadStream();
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *list(prefix) {
      assertStoragePrefix(prefix);
      // Only the folder the prefix names (or lies in) is walked: a prefix ends in a folder or part of a name.
      const start = path.join(root, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      for await (const file of filesUnder(start)) {
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        let stat: Stats;
        try {
          stat = await fs.stat(file);
        } catch (error) {
          // Renamed or deleted since the folder was read: no longer there to list.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        yield { key, size: stat.size, modifiedAt: stat.mtime };
      }
    },
  };
}

/** The files in `dir` and its subfolders, by path; none when `dir` is missing. */
async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}
