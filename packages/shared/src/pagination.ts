import { z } from 'zod';
import { text } from './validation.ts';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const MAX_PAGE_SIZE = 100;

/** Paging and sorting query parameters shared by every list endpoint. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sortOrder: z.enum(SORT_ORDERS).default('asc'),
});

export const paginationSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** An optional free-text filter: trimmed, empty means "no filter", bounded so it cannot be abused. */
export const filterText = text()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));
