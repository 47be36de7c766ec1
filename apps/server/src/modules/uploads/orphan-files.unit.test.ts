import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileHold, FilePlace } from '../../platform/storage/file-holds.ts';
import type { StoredFileInfo } from '../../platform/storage/storage.ts';
import { orphansAmong, UNHELD_GRACE_MS, type FoundFile } from './orphan-files.ts';
import { jsonLogCapture } from '../../../test/log-capture.ts';
import { createOrphanFilesSweeper } from './orphan-files.service.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const HOUR = 3600 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const temporaryOf = (key: string) => `${key}.4242.${randomUUID()}.tmp`;

const file = (key: string, options: { container?: string; modifiedAt?: Date; size?: number } = {}): FoundFile => ({
  key,
  container: options.container ?? null,
  size: options.size ?? 100,
  modifiedAt: options.modifiedAt ?? ago(2 * UNHELD_GRACE_MS),
});

/** The rules with nothing held and nothing uploaded unless said, a day's grace, at NOW. */
const orphans = (
  files: FoundFile[],
  state: { live?: FilePlace[]; dead?: FilePlace[]; committed?: string[] } = {},
): string[] =>
  orphansAmong({
    files,
    live: state.live ?? [],
    dead: state.dead ?? [],
    committed: new Set(state.committed ?? []),
    now: NOW,
    graceMs: UNHELD_GRACE_MS,
  }).map((found) => (found.container === null ? found.key : `${found.container}/${found.key}`));

describe('the orphan-file rules', () => {
  const org = randomUUID();

  it("removes a dead hold's file and its temporary files at once, however new", () => {
    const id = randomUUID();
    const key = `flat-file-imports/${org}/${id}`;
    const temporary = temporaryOf(key);
    const fresh = { modifiedAt: ago(1000) };
    expect(orphans([file(key, fresh), file(temporary, fresh)], { dead: [{ container: null, key }] })).toEqual([
      key,
      temporary,
    ]);
  });

  it("keeps a live hold's file and temporary files, however old", () => {
    const key = `uploads/${org}/${randomUUID()}`;
    const incoming = `incoming/${randomUUID()}`;
    const files = [file(key), file(temporaryOf(key)), file(incoming, { container: 'acme-files' })];
    const live = [
      { container: null, key },
      { container: 'acme-files', key: incoming },
    ];
    expect(orphans(files, { live })).toEqual([]);
  });

  it('tells places apart: a hold on a key of the platform storage does not hold the same key in a container', () => {
    const key = `incoming/${randomUUID()}`;
    expect(
      orphans([file(key, { container: 'acme-files' }), file(key, { container: 'other-files' })], {
        live: [{ container: 'acme-files', key }],
        dead: [{ container: 'other-files', key }],
      }),
    ).toEqual([`other-files/${key}`]);
  });

  it('never removes an uploaded file, not even one a dead hold names, nor one in any folder', () => {
    const id = randomUUID();
    const files = [
      file(`uploads/${org}/${id}`),
      file(`processed/${id}`, { container: 'acme-files' }),
      file(`incoming/${id}`, { container: 'acme-files' }),
    ];
    expect(orphans(files, { committed: [id], dead: [{ container: null, key: `uploads/${org}/${id}` }] })).toEqual([]);
  });

  it("removes a temporary file of an uploaded file's key once it is a day old (the file itself stays)", () => {
    const id = randomUUID();
    const key = `uploads/${org}/${id}`;
    const temporary = temporaryOf(key);
    expect(orphans([file(key), file(temporary)], { committed: [id] })).toEqual([temporary]);
  });

  it('removes unheld leftovers once they are a day old, and keeps them before', () => {
    const leftovers = [
      file(temporaryOf(`uploads/${org}/${randomUUID()}`)),
      file(temporaryOf('logos/acme.png')),
      file(`flat-file-imports/${org}/${randomUUID()}`),
      file(`flat-file-imports/${org}/notes.txt`),
      file(`uploads/${org}/${randomUUID()}`),
      file(`incoming/${randomUUID()}`, { container: 'acme-files' }),
      file(`rejected/${randomUUID()}`, { container: 'acme-files' }),
      file(temporaryOf(`incoming/${randomUUID()}`), { container: 'acme-files' }),
    ];
    expect(orphans(leftovers)).toHaveLength(leftovers.length);
    const recent = leftovers.map((leftover) => ({ ...leftover, modifiedAt: ago(UNHELD_GRACE_MS - HOUR) }));
    expect(orphans(recent)).toEqual([]);
  });

  it('never touches files of other names or places: logos, folder markers, a client’s own files', () => {
    const others = [
      file('logos/acme.png'),
      file(`uploads/${org}/report.csv`),
      file(`${randomUUID()}`),
      file('incoming/.folder', { container: 'acme-files' }),
      file('incoming/ledger-2026.csv', { container: 'acme-files' }),
      file(`exports/${randomUUID()}`, { container: 'acme-files' }),
      file(`${randomUUID()}.4242.not-a-uuid.tmp`),
    ];
    expect(orphans(others)).toEqual([]);
  });
});

// --- The sweeper, over in-memory stores and holds --------------------------------------------------------

/** A store in memory: what the sweep lists and removes, and a delete that can be made to fail. */
function memoryStore() {
  const files = new Map<string, { size: number; modifiedAt: Date }>();
  const failing = new Set<string>();
  return {
    files,
    failing,
    put(key: string, size: number, modifiedAt = NOW) {
      files.set(key, { size, modifiedAt });
    },
    async *list(prefix: string): AsyncGenerator<StoredFileInfo> {
      for (const [key, info] of files) if (key.startsWith(prefix)) yield { key, ...info };
    },
    async delete(key: string) {
      if (failing.has(key)) throw new Error('injected delete fault');
      files.delete(key);
    },
  };
}

/** Holds in memory, each with its holder and when it was last renewed. */
function memoryHolds(clock: () => Date) {
  const rows: (FileHold & { holder: string; renewedAt: Date })[] = [];
  return {
    rows,
    add(holder: string, place: FilePlace, renewedAt: Date) {
      rows.push({ id: randomUUID(), holder, renewedAt, ...place });
    },
    async takeDead(olderThanMs: number) {
      const dead = rows.filter((row) => clock().getTime() - row.renewedAt.getTime() > olderThanMs);
      for (const row of dead) rows.splice(rows.indexOf(row), 1);
      return dead.map(({ id, container, key }) => ({ id, container, key }));
    },
    async all() {
      return rows.map(({ id, container, key }) => ({ id, container, key }));
    },
  };
}

function sweeperOver(options: { soleHolder: boolean; committed?: string[] }) {
  let clock = NOW;
  const platform = memoryStore();
  const containers = new Map([['acme-files', memoryStore()]]);
  const holds = memoryHolds(() => clock);
  const log = jsonLogCapture();
  // The sweeper's lines, as pino writes them.
  const lines = log.lines as { msg: string; files?: number; bytes?: number; key?: string }[];
  const asked: string[][] = [];
  const sweeper = createOrphanFilesSweeper({
    holds,
    storage: platform,
    containers: { files: (name) => containers.get(name)! },
    containerNames: async () => [...containers.keys()],
    committedIds: async (ids) => {
      asked.push([...ids].sort());
      return new Set(ids.filter((id) => options.committed?.includes(id)));
    },
    logger: pino({ level: 'info' }, log.stream),
    staleAfterMs: 30_000,
    soleHolder: options.soleHolder,
    now: () => clock,
  });
  return {
    sweeper,
    platform,
    container: containers.get('acme-files')!,
    holds,
    lines,
    asked,
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
  };
}

describe('the orphan-file sweeper', () => {
  afterEach(() => vi.useRealTimers());

  it("removes every other process's held files at start-up on the embedded database, and logs files and bytes in one line", async () => {
    const t = sweeperOver({ soleHolder: true });
    const upload = `uploads/${randomUUID()}/${randomUUID()}`;
    const temporary = temporaryOf(upload);
    const copy = `incoming/${randomUUID()}`;
    t.platform.put(temporary, 27_000_000);
    t.container.put(copy, 5_000_000);
    // Renewed a moment ago: on the embedded database no other process can be alive.
    t.holds.add('gone:1:aaaa', { container: null, key: upload }, ago(1000));
    t.holds.add('gone:1:aaaa', { container: 'acme-files', key: copy }, ago(1000));

    await t.sweeper.start();
    await t.sweeper.stop();

    expect([...t.platform.files.keys()]).toEqual([]);
    expect([...t.container.files.keys()]).toEqual([]);
    expect(t.holds.rows).toEqual([]);
    expect(t.lines.filter((line) => line.msg === 'orphan files removed')).toEqual([
      expect.objectContaining({ files: 2, bytes: 32_000_000 }),
    ]);
  });

  it("keeps a live process's files on a shared database, and removes them on the timer once its hold is stale", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = sweeperOver({ soleHolder: false });
    const key = `flat-file-imports/${randomUUID()}/${randomUUID()}`;
    t.platform.put(key, 700);
    t.holds.add('api-2:77:bbbb', { container: null, key }, NOW);

    await t.sweeper.start();
    expect([...t.platform.files.keys()]).toEqual([key]);
    expect(t.lines.filter((line) => line.msg === 'orphan files removed')).toEqual([
      expect.objectContaining({ files: 0, bytes: 0 }),
    ]);

    // The other process died: its hold is no longer renewed. The timer looks every half stale period.
    t.advance(31_000);
    await vi.advanceTimersByTimeAsync(15_000);
    await t.sweeper.stop();

    expect([...t.platform.files.keys()]).toEqual([]);
    expect(t.lines.filter((line) => line.msg === 'orphan files removed')).toEqual([
      expect.objectContaining({ files: 0, bytes: 0 }),
      expect.objectContaining({ files: 1, bytes: 700 }),
    ]);
  });

  it('logs nothing on the timer when nothing was removed, and stops looking once stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = sweeperOver({ soleHolder: false });
    await t.sweeper.start();
    await vi.advanceTimersByTimeAsync(60_000);
    await t.sweeper.stop();
    const key = `flat-file-imports/${randomUUID()}/${randomUUID()}`;
    t.platform.put(key, 1);
    t.holds.add('gone:1:aaaa', { container: null, key }, NOW);
    t.advance(31_000);
    await vi.advanceTimersByTimeAsync(60_000);

    expect([...t.platform.files.keys()]).toEqual([key]);
    expect(t.lines.filter((line) => line.msg === 'orphan files removed')).toHaveLength(1);
  });

  it('keeps the uploaded files, asking the database only about the files it would remove', async () => {
    const uploaded = randomUUID();
    const leftover = randomUUID();
    const t = sweeperOver({ soleHolder: true, committed: [uploaded] });
    const old = ago(2 * UNHELD_GRACE_MS);
    t.platform.put(`uploads/org/${uploaded}`, 10, old);
    t.platform.put(`uploads/org/${leftover}`, 20, old);
    t.platform.put(`uploads/org/${randomUUID()}`, 30); // new: not asked about
    t.container.put(`processed/${uploaded}`, 40, old);

    await t.sweeper.start();
    await t.sweeper.stop();

    expect([...t.platform.files.keys()]).toHaveLength(2);
    expect(t.platform.files.has(`uploads/org/${uploaded}`)).toBe(true);
    expect(t.container.files.has(`processed/${uploaded}`)).toBe(true);
    expect(t.asked).toEqual([[uploaded, leftover].sort()]);
  });

  it('ends a sweep under way at the next file when the process stops, leaving the rest to the next start', async () => {
    const t = sweeperOver({ soleHolder: true });
    const keys = [1, 2, 3].map(() => `flat-file-imports/org/${randomUUID()}`);
    for (const key of keys) {
      t.platform.put(key, 10);
      t.holds.add('gone:1:aaaa', { container: null, key }, ago(1000));
    }
    // The listing of the first dead hold's place waits after its first file until the test lets it go on.
    let listed!: () => void;
    const firstListed = new Promise<void>((resolve) => (listed = resolve));
    let goOn!: () => void;
    const gate = new Promise<void>((resolve) => (goOn = resolve));
    const list = t.platform.list;
    t.platform.list = async function* (prefix: string) {
      for await (const file of list(prefix)) {
        yield file;
        listed();
        await gate;
      }
    };

    const starting = t.sweeper.start();
    await firstListed;
    const stopping = t.sweeper.stop();
    goOn();
    await stopping;
    await starting;

    expect([...t.platform.files.keys()].sort()).toEqual([...keys].sort());
    expect(t.lines.filter((line) => line.msg === 'orphan files removed')).toEqual([
      expect.objectContaining({ files: 0, bytes: 0 }),
    ]);
  });

  it('logs a file it could not remove and does not count it', async () => {
    const t = sweeperOver({ soleHolder: true });
    const stuck = `flat-file-imports/org/${randomUUID()}`;
    const gone = `flat-file-imports/org/${randomUUID()}`;
    t.platform.put(stuck, 5);
    t.platform.put(gone, 6);
    t.platform.failing.add(stuck);
    t.holds.add('gone:1:aaaa', { container: null, key: stuck }, ago(1000));
    t.holds.add('gone:1:aaaa', { container: null, key: gone }, ago(1000));

    await t.sweeper.start();
    await t.sweeper.stop();

    expect([...t.platform.files.keys()]).toEqual([stuck]);
    expect(t.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'an orphan file could not be removed', key: stuck }),
        expect.objectContaining({ msg: 'orphan files removed', files: 1, bytes: 6 }),
      ]),
    );
  });
});
