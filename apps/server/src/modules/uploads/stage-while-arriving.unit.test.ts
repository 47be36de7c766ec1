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
    expect(stages.written.join('')).toBe('a,b\n1,2\n3,4\n5,6\n');
    expect(await staging.commit({ columns: ['a', 'b'], rows: 3 })).toEqual({ loadId: 7 });
    expect(stages.ended).toEqual(['commit 3']);
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
