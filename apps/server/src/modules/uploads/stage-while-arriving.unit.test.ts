import { describe, expect, it } from 'vitest';
import { stageWhileArriving, type UploadStagePort, type UploadStagesPort } from './stage-while-arriving.ts';

/** A stages port that records what it was asked and what its stage took. */
function fakeStages(options: { afterBytes: number; opens?: boolean }) {
  const opened: { columns: readonly string[] }[] = [];
  const written: string[] = [];
  const ended: string[] = [];
  const stage: UploadStagePort = {
    write: async (chunk) => void written.push(Buffer.from(chunk).toString()),
    commit: async (accepted) => {
      ended.push(`commit ${accepted.rows}`);
      return { loadId: 7 };
    },
    abort: async () => void ended.push('abort'),
  };
  const port: UploadStagesPort = {
    afterBytes: options.afterBytes,
    open: async (request) => {
      opened.push({ columns: request.columns });
      return options.opens === false ? undefined : stage;
    },
    drop: async () => undefined,
    cashAccounts: async () => [],
  };
  return { port, opened, written, ended };
}

/** Makes the port's stage open only when the answered function is called. */
function openLater(port: UploadStagesPort): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const open = port.open;
  port.open = async (request) => {
    await released;
    return open(request);
  };
  return () => release();
}

const file = { organizationId: 'org', fileId: 'file', period: '2026-03', delimiter: ',' };
const bytes = (text: string) => Buffer.from(text);

describe('staging a file while it arrives', () => {
  it('holds the first bytes until enough have come and the header is read, then feeds every chunk in order', async () => {
    const stages = fakeStages({ afterBytes: 6 });
    const staging = stageWhileArriving(stages.port, file);

    await staging.write(bytes('a,b\n'), undefined);
    await staging.write(bytes('1,2\n'), undefined);
    expect(stages.opened).toEqual([]);
    await staging.write(bytes('3,4\n'), ['a', 'b']);
    await staging.write(bytes('5,6\n'), ['a', 'b']);

    expect(stages.opened).toEqual([{ columns: ['a', 'b'] }]);
    expect(await staging.commit({ columns: ['a', 'b'], rows: 3 })).toEqual({ loadId: 7 });
    expect(stages.written.join('')).toBe('a,b\n1,2\n3,4\n5,6\n');
    expect(stages.ended).toEqual(['commit 3']);
  });

  it('goes on reading while the stage opens, then feeds it every chunk in order', async () => {
    const stages = fakeStages({ afterBytes: 1 });
    const opened = openLater(stages.port);
    const staging = stageWhileArriving(stages.port, file);

    await staging.write(bytes('a,b\n'), ['a', 'b']);
    await staging.write(bytes('1,2\n'), ['a', 'b']);
    await staging.write(bytes('3,4\n'), ['a', 'b']);
    expect(stages.written).toEqual([]);
    opened();

    expect(await staging.commit({ columns: ['a', 'b'], rows: 2 })).toEqual({ loadId: 7 });
    expect(stages.written.join('')).toBe('a,b\n1,2\n3,4\n');
  });

  it('aborts a stage that opens after its file was refused, or that fails as it is fed', async () => {
    const late = fakeStages({ afterBytes: 1 });
    const opened = openLater(late.port);
    const refused = stageWhileArriving(late.port, file);
    await refused.write(bytes('a,b\n'), ['a', 'b']);
    const aborting = refused.abort();
    opened();
    await aborting;
    expect(late.ended).toEqual(['abort']);
    expect(late.written).toEqual([]);

    const failing = fakeStages({ afterBytes: 1 });
    const open2 = failing.port.open;
    failing.port.open = async (request) => {
      const stage = await open2(request);
      return stage && { ...stage, write: () => Promise.reject(new Error('COPY failed')) };
    };
    const staging = stageWhileArriving(failing.port, file);
    await staging.write(bytes('a,b\n'), ['a', 'b']);
    expect(await staging.commit({ columns: ['a', 'b'], rows: 0 })).toBeUndefined();
    expect(failing.ended).toEqual(['abort']);
  });

  it('stages nothing for a file smaller than the threshold', async () => {
    const stages = fakeStages({ afterBytes: 100 });
    const staging = stageWhileArriving(stages.port, file);

    await staging.write(bytes('a,b\n1,2\n'), ['a', 'b']);

    expect(await staging.commit({ columns: ['a', 'b'], rows: 1 })).toBeUndefined();
    expect(stages.opened).toEqual([]);
  });

  it('stages nothing for a file its header maps, and lets go of what it held', async () => {
    const stages = fakeStages({ afterBytes: 1 });
    const staging = stageWhileArriving(stages.port, file);

    await staging.write(bytes('x,y\n1,2\n'), null);
    await staging.write(bytes('3,4\n'), null);

    expect(stages.opened).toEqual([]);
    expect(await staging.commit({ columns: ['a', 'b'], rows: 2 })).toBeUndefined();
  });

  it('goes on unstaged when no stage opens, and aborts an open one for a refused file', async () => {
    const closed = fakeStages({ afterBytes: 1, opens: false });
    const unstaged = stageWhileArriving(closed.port, file);
    await unstaged.write(bytes('a,b\n'), ['a', 'b']);
    await unstaged.write(bytes('1,2\n'), ['a', 'b']);
    expect(closed.opened).toHaveLength(1);
    expect(await unstaged.commit({ columns: ['a', 'b'], rows: 1 })).toBeUndefined();

    const refused = fakeStages({ afterBytes: 1 });
    const staging = stageWhileArriving(refused.port, file);
    await staging.write(bytes('a,b\n1,x\n'), ['a', 'b']);
    await staging.abort();
    expect(refused.ended).toEqual(['abort']);
  });
});
