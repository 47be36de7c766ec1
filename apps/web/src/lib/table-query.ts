import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';

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
