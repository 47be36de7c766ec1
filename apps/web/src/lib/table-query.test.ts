import { describe, expect, it } from 'vitest';
import { nextTableQuery, sortOrderOf } from './table-query';

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
