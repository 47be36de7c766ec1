import { describe, expect, it } from 'vitest';
import { queueDurableRuns } from './queue-durable-run.ts';

interface Record {
  id: string;
  isNew: boolean;
}

/** Queues `records` (as `insert` answers them), the queue refusing the job of `refused` when named. */
async function queue(records: Record[], refused?: string) {
  const events: string[] = [];
  const result = queueDurableRuns(
    {
      enqueue: async (queueName, payload) => {
        const { id } = payload as { id: string };
        if (id === refused) throw new Error('the queue is down');
        events.push(`queued ${queueName} ${id}`);
        return `job-${id}`;
      },
    },
    {
      queue: 'runs',
      insert: async () => {
        events.push('inserted and committed');
        return records;
      },
      job: (record) => ({ payload: { id: record.id }, groupKey: 'org-1' }),
      fail: async (record) => void events.push(`failed ${record.id}`),
      notQueued: (cause) => Object.assign(new Error('Run not queued'), { cause }),
    },
  );
  return { result, events };
}

describe('queueing durable runs', () => {
  it('queues the jobs of the new records only, after the commit, and answers every record', async () => {
    const records = [
      { id: 'a', isNew: false },
      { id: 'b', isNew: true },
      { id: 'c', isNew: true },
    ];
    const { result, events } = await queue(records);

    expect(await result).toEqual(records);
    expect(events).toEqual(['inserted and committed', 'queued runs b', 'queued runs c']);
  });

  it('fails the record whose job was refused and the new ones after it, never one already waiting', async () => {
    const { result, events } = await queue(
      [
        { id: 'a', isNew: true },
        { id: 'b', isNew: true },
        { id: 'c', isNew: false },
        { id: 'd', isNew: true },
      ],
      'b',
    );

    await expect(result).rejects.toMatchObject({ message: 'Run not queued', cause: { message: 'the queue is down' } });
    expect(events).toEqual(['inserted and committed', 'queued runs a', 'failed b', 'failed d']);
  });
});
