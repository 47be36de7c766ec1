import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { text } from './validation.ts';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const MAX_PAGE_SIZE = 100;

/** Paging and sorting query parameters shared by every list endpoint. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sortOrder: z.enum(SORT_ORDERS).default('asc'),
});

/** Where a page sits in its list. Every paged response carries exactly this, as `pagination`. */
export const paginationSchema = z.object({
  total: z.number().int().min(0),
  /** True when `total` is the planner's estimate (an unfiltered big warehouse table), not an exact count. */
  totalIsEstimate: z.boolean(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * The one shape of every paged list: the page's items in `data`, under the names the spec gives them
 * (`data` itself for users, `data.organizations`, …), and its paging beside `data`.
 */
export const pagedResponseSchema = <T extends z.ZodType>(data: T) =>
  apiSuccessSchema(data).extend({ pagination: paginationSchema });

/** The paging of the page `query` asked for, out of `total`. */
export const paginationOf = (
  query: { page: number; pageSize: number },
  total: number,
  totalIsEstimate = false,
): Pagination => ({ total, totalIsEstimate, page: query.page, pageSize: query.pageSize });

/** An optional free-text filter: trimmed, empty means "no filter", bounded so it cannot be abused. */
export const filterText = text()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));
