import { describe, expect, it } from 'vitest';
import { nextTableQuery, serverTableChange, sortOrderOf } from './table-query';

const sortable = { name: 'name', email: 'email' } as const;
const query = { page: 3, pageSize: 20, sortBy: 'name' as 'name' | 'email', sortOrder: 'asc' as const, role: 'user' };

describe('table query', () => {
  it('marks only the sorted column, in its direction', () => {
    expect(sortOrderOf(sortable, query, 'name')).toBe('ascend');
    expect(sortOrderOf(sortable, query, 'email')).toBeNull();
  });
  it('keeps filters, follows the page and sort, and starts again at page 1 on a new page size', () => {
    expect(
      nextTableQuery(query, sortable, 'name', { current: 4, pageSize: 20 }, { columnKey: 'email', order: 'descend' }),
    ).toEqual({ ...query, page: 4, sortBy: 'email', sortOrder: 'desc' });
    expect(nextTableQuery(query, sortable, 'name', { current: 4, pageSize: 50 }, {})).toEqual({
      ...query,
      page: 1,
      pageSize: 50,
    });
  });
});

describe('serverTableChange', () => {
  const state = { page: 3, pageSize: 20, sort: 'name' };
  const sortOf = (columnKey: unknown, order: 'ascend' | 'descend' | null | undefined) => ({
    sort: order ? String(columnKey) : 'name',
  });
  const patches = (
    action: 'sort' | 'paginate' | 'filter',
    pagination: { current?: number; pageSize?: number },
    sorter = {},
  ) => {
    const seen: object[] = [];
    serverTableChange(state, (patch) => seen.push(patch), sortOf)(pagination, {}, sorter, {
      action,
      currentDataSource: [],
    });
    return seen;
  };

  it('sorts from the first page', () => {
    expect(patches('sort', {}, { columnKey: 'revenueYtd', order: 'descend' })).toEqual([
      { sort: 'revenueYtd', page: 1 },
    ]);
  });
  it('turns the page, and starts a new page size at page 1', () => {
    expect(patches('paginate', { current: 4, pageSize: 20 })).toEqual([{ page: 4, pageSize: 20 }]);
    expect(patches('paginate', { current: 4, pageSize: 50 })).toEqual([{ page: 1, pageSize: 50 }]);
  });
  it('ignores what is neither', () => {
    expect(patches('filter', {})).toEqual([]);
  });
});
