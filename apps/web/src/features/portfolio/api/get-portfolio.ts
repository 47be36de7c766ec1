import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { portfolioMessages, portfolioResponseSchema, type portfolioQuerySchema } from '@finboard/shared/portfolio';
import { apiRequest } from '../../../lib/api-client';

/** The portfolio query with its defaults applied (page, page size, sort, order). */
export type PortfolioListQuery = z.output<typeof portfolioQuerySchema>;

export const portfolioQueryKey = ['portfolio'] as const;
export const portfolioListQueryKey = (query: PortfolioListQuery) => [...portfolioQueryKey, 'list', query] as const;

export const getPortfolio = (query: PortfolioListQuery, signal?: AbortSignal) =>
  apiRequest('/api/v1/portfolio', {
    query,
    signal,
    schema: portfolioResponseSchema,
    errorMessage: portfolioMessages.loadFailed,
  }).then(({ data, pagination }) => ({ ...data, pagination }));

export const portfolioQueryOptions = (query: PortfolioListQuery) =>
  queryOptions({
    queryKey: portfolioListQueryKey(query),
    queryFn: ({ signal }) => getPortfolio(query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export const usePortfolio = (query: PortfolioListQuery) => useQuery(portfolioQueryOptions(query));
