import type { TablePaginationConfig } from 'antd';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';

/** The paging and sorting part of a list query, as every list endpoint takes it. */
export interface TableQuery<SortBy extends string> {
  page: number;
  pageSize: number;
  sortBy: SortBy;
  sortOrder: 'asc' | 'desc';
}

/** antd's sort indicator of a column: `sortable` maps column keys to the API's sort fields. */
export function sortOrderOf<SortBy extends string>(
  sortable: Record<string, SortBy>,
  query: TableQuery<SortBy>,
  columnKey: string,
): 'ascend' | 'descend' | null {
  if (sortable[columnKey] !== query.sortBy) return null;
  return query.sortOrder === 'asc' ? 'ascend' : 'descend';
}

/** The query after an antd Table change (page, page size or sort); a new page size starts at page 1. */
export function nextTableQuery<SortBy extends string, Q extends TableQuery<SortBy>, Row>(
  query: Q,
  sortable: Record<string, SortBy>,
  defaultSortBy: SortBy,
  pagination: TablePaginationConfig,
  sorter: SorterResult<Row> | SorterResult<Row>[],
): Q {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const sortBy = single?.order ? sortable[String(single.columnKey)] : undefined;
  const pageSize = pagination.pageSize ?? query.pageSize;
  return {
    ...query,
    sortBy: sortBy ?? defaultSortBy,
    sortOrder: single?.order === 'descend' ? 'desc' : 'asc',
    pageSize,
    page: pageSize !== query.pageSize ? 1 : (pagination.current ?? 1),
  };
}

/**
 * An antd Table's onChange for a list paged and sorted on the server: a sort goes back to page 1 with `sortOf`'s
 * sort; a new page size starts at page 1, a new page keeps the size. `change` patches the list's state.
 */
export function serverTableChange<State extends { page: number; pageSize: number }, Row>(
  state: State,
  change: (patch: Partial<State>) => void,
  sortOf: (columnKey: unknown, order: 'ascend' | 'descend' | null | undefined) => Partial<State>,
) {
  return (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<Row> | SorterResult<Row>[],
    { action }: TableCurrentDataSource<Row>,
  ) => {
    if (action === 'sort') {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      change({ ...sortOf(single?.columnKey, single?.order), page: 1 } as Partial<State>);
    } else if (action === 'paginate') {
      const pageSize = pagination.pageSize ?? state.pageSize;
      change({ page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1, pageSize } as Partial<State>);
    }
  };
}
