import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import {
  exchangeRatesResponseSchema,
  type exchangeRatesQuerySchema,
  exchangeRatesSavedResponseSchema,
  type PutExchangeRates,
} from '@finboard/shared/exchange-rates';
import { apiRequest } from '../../../lib/api-client';
import { reportsQueryKey } from '../../../lib/reports-query-key';

const ratesPath = '/api/v1/exchange-rates';
const ratesQueryKey = ['exchange-rates'] as const;

/** The list's query: filters and page (`GET /api/v1/exchange-rates`). */
export type RatesQuery = z.output<typeof exchangeRatesQuerySchema>;

/** `GET /api/v1/exchange-rates`: a page of rates, newest period first, filtered by currency and period. */
export const getExchangeRates = (query: RatesQuery, signal?: AbortSignal) =>
  apiRequest(ratesPath, { query, signal, schema: exchangeRatesResponseSchema }).then((response) => response.data);

export const useExchangeRates = (query: RatesQuery) =>
  useQuery({
    queryKey: [...ratesQueryKey, query],
    queryFn: ({ signal }) => getExchangeRates(query, signal),
    placeholderData: keepPreviousData,
  });

/** Rates change consolidated statements: both are refreshed after a write. */
function useRatesWrite<T, R extends { message: string }>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ratesQueryKey }),
        queryClient.invalidateQueries({ queryKey: reportsQueryKey }),
      ]),
  });
}

/** `PUT /api/v1/exchange-rates`: each rate replaces its period and pair's. */
export const useSaveExchangeRates = () =>
  useRatesWrite((body: PutExchangeRates) =>
    apiRequest(ratesPath, { method: 'PUT', body, schema: exchangeRatesSavedResponseSchema }),
  );

/** `POST /api/v1/exchange-rates/import`: a CSV file, every rate or none. */
export const useImportExchangeRates = () =>
  useRatesWrite((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest(`${ratesPath}/import`, { method: 'POST', body: form, schema: exchangeRatesSavedResponseSchema });
  });

/** `DELETE /api/v1/exchange-rates/{from}/{to}/{period}`. */
export const useDeleteExchangeRate = () =>
  useRatesWrite((rate: { from: string; to: string; period: string }) =>
    apiRequest(`${ratesPath}/${rate.from}/${rate.to}/${rate.period}`, { method: 'DELETE', schema: apiMessageSchema }),
  );
