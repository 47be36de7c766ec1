import { describe, expect, it } from 'vitest';
import { usersQueryFromSearch, usersQueryToSearch } from './users-query';

const ORG = '5b0e7c1e-8f7a-4d8e-9a51-0c2a5f4b9d11';

describe('users list address', () => {
  it('reads filters, page and sort from the address with the API defaults for the rest', () => {
    const query = usersQueryFromSearch(new URLSearchParams(`name=ada&organization_id=${ORG}&page=3&sortBy=email`));
    expect(query).toEqual({
      name: 'ada',
      email: undefined,
      organization_id: ORG,
      role: undefined,
      status: 'all',
      page: 3,
      pageSize: 20,
      sortBy: 'email',
      sortOrder: 'asc',
    });
  });

  it('falls back to the defaults when the address holds a value the API would refuse', () => {
    const query = usersQueryFromSearch(new URLSearchParams('role=superuser&page=-2'));
    expect(query).toEqual({ status: 'all', page: 1, pageSize: 20, sortBy: 'name', sortOrder: 'asc' });
  });

  it('writes only what differs from the defaults and keeps unrelated keys', () => {
    const query = usersQueryFromSearch(new URLSearchParams());
    const search = usersQueryToSearch(
      { ...query, email: 'grace@example.com', role: 'user', page: 2, sortOrder: 'desc' },
      new URLSearchParams('add=1&name=old'),
    );
    expect(search.toString()).toBe('add=1&email=grace%40example.com&role=user&page=2&sortOrder=desc');
  });
});
