import { describe, expect, it } from 'vitest';
import { dumpBatches } from './dump-batches.ts';

const schema = (name: string, relations: number) => ({ name, relations });

describe('dumpBatches', () => {
  it('groups consecutive schemas while their relations fit the lock budget', () => {
    const schemas = [schema('a', 49), schema('b', 49), schema('c', 49), schema('d', 49), schema('e', 10)];
    expect(dumpBatches(schemas, 100)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('keeps a schema larger than the budget in a group of its own', () => {
    expect(dumpBatches([schema('a', 10), schema('huge', 500), schema('b', 10)], 100)).toEqual([['a'], ['huge'], ['b']]);
  });

  it('answers no group for no schema, and refuses a budget that is not a positive integer', () => {
    expect(dumpBatches([], 100)).toEqual([]);
    expect(() => dumpBatches([schema('a', 1)], 0)).toThrow('maxLocks must be a positive integer');
  });
});
