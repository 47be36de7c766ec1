import { describe, expect, it } from 'vitest';
import { antdSortOrder, listStateFromParams, paramsFromListState, sortFromAntd } from './organization-list-params';

describe('listStateFromParams', () => {
  it('reads paging, sorting, search and filters from the URL', () => {
    const state = listStateFromParams(
      new URLSearchParams('page=3&pageSize=50&sortBy=userCount&sortOrder=desc&search=acme&powerbiEmail=bi@acme.com'),
    );
    expect(state).toMatchObject({
      page: 3,
      pageSize: 50,
      sortBy: 'userCount',
      sortOrder: 'desc',
      search: 'acme',
      powerbiEmail: 'bi@acme.com',
    });
    expect(state.name).toBeUndefined();
  });

  it('falls back to the defaults for malformed parameters and keeps the good ones', () => {
    const state = listStateFromParams(new URLSearchParams('page=abc&pageSize=100000&sortBy=password&name=Acme'));
    expect(state).toMatchObject({ page: 1, pageSize: 20, sortBy: 'name', sortOrder: 'asc', name: 'Acme' });
  });
});

describe('paramsFromListState', () => {
  it('leaves out defaults and empty filters', () => {
    const params = paramsFromListState({
      page: 1,
      pageSize: 20,
      sortBy: 'name',
      sortOrder: 'asc',
      name: '',
      email: 'x',
    });
    expect(params.toString()).toBe('email=x');
  });

  it('round-trips through the URL', () => {
    const state = listStateFromParams(new URLSearchParams('page=2&sortBy=createdAt&sortOrder=desc&phone=555'));
    expect(listStateFromParams(paramsFromListState(state))).toEqual(state);
  });
});

describe('table sorting', () => {
  it('maps a column sort to the API sort and back', () => {
    const sort = sortFromAntd('powerbiEmail', 'descend');
    expect(sort).toEqual({ sortBy: 'powerbiEmail', sortOrder: 'desc' });
    const state = listStateFromParams(paramsFromListState(sort));
    expect(antdSortOrder(state, 'powerbiEmail')).toBe('descend');
    expect(antdSortOrder(state, 'name')).toBeNull();
  });

  it('goes back to name ascending when the sort is cleared or the column is unknown', () => {
    expect(sortFromAntd('email', undefined)).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(sortFromAntd('logo', 'ascend')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
  });
});
