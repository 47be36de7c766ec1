import { describe, expect, it } from 'vitest';
import { moveById, orderDashboards } from './dashboard-order';

const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
const ids = (items: { id: string }[] | undefined) => items?.map((item) => item.id);

describe('moveById', () => {
  it('moves an item down to the target position', () => {
    expect(ids(moveById(list, 'a', 'c'))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('moves an item up to the target position', () => {
    expect(ids(moveById(list, 'd', 'b'))).toEqual(['a', 'd', 'b', 'c']);
  });

  it('returns undefined when dropped on itself or on an unknown id, and leaves the input untouched', () => {
    expect(moveById(list, 'b', 'b')).toBeUndefined();
    expect(moveById(list, 'b', 'zzz')).toBeUndefined();
    expect(moveById(list, 'zzz', 'b')).toBeUndefined();
    expect(ids(list)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('orderDashboards', () => {
  it('puts the items in the order of the ids', () => {
    expect(ids(orderDashboards(list, ['c', 'a', 'd', 'b']))).toEqual(['c', 'a', 'd', 'b']);
  });

  it('keeps items the ids do not name at the end and ignores unknown ids', () => {
    expect(ids(orderDashboards(list, ['d', 'x', 'b']))).toEqual(['d', 'b', 'a', 'c']);
  });
});
