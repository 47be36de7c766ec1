import type { z } from 'zod';
import { messages } from '@finboard/shared/messages';
import { sessionStore } from './session-store';
import { env } from './env';
import { errorMessageOf, type ErrorBody } from './error-message';

/** A failed call, already mapped to the message the user should read (spec §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: { msg: string; path: string }[],
    /** What the refusal carries for the page (an upload's problems, a header's suggested mapping). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onSessionExpired: () => void = () => undefined;
/** The app shell decides what an expired session does (clear, tell, go to /login). */
export const setSessionExpiredHandler = (handler: () => void) => {
  onSessionExpired = handler;
};

interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Send the bearer token (spec §6: everything but login, sign-up, forgot and reset password). */
  auth?: boolean;
  /** The success body's schema, or a loader of it (lazy-schema.ts): loaded while the request is under way. */
  schema: T | (() => Promise<T>);
  signal?: AbortSignal;
  /** What to say when a call fails without a message of its own (network down, empty body). */
  errorMessage?: string;
}

/** The one way the web app calls the API. Resolves to the parsed success body; rejects with ApiError. */
export async function apiRequest<T extends z.ZodType>(path: string, options: RequestOptions<T>): Promise<z.infer<T>> {
  const { method = 'GET', body, query, auth = true, schema, signal, errorMessage = messages.generic } = options;
  const url = new URL(env.apiBaseUrl + path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const loadingSchema = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  loadingSchema.catch(() => undefined); // a failed load is reported below, once the response is in
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = auth ? sessionStore.get()?.token : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(errorMessage, 0);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  return settle(response.status, payload, { sentToken: Boolean(token), loadingSchema, errorMessage });
}

/** What every call does with the answer: an expired session, the spec's error message, or the parsed body. */
async function settle<T extends z.ZodType>(
  status: number,
  payload: unknown,
  call: { sentToken: boolean; loadingSchema: Promise<T>; errorMessage: string },
): Promise<z.infer<T>> {
  if (status === 401 && call.sentToken) {
    onSessionExpired();
    throw new ApiError(messages.sessionExpired, 401);
  }
  if (status < 200 || status > 299 || (payload as { status?: unknown } | undefined)?.status === false) {
    const body = payload as (ErrorBody & { data?: unknown }) | undefined;
    throw new ApiError(errorMessageOf(payload, call.errorMessage), status, body?.errors as never, body?.data);
  }
  let resolvedSchema: T;
  try {
    resolvedSchema = await call.loadingSchema;
  } catch {
    // The schema's module could not be fetched: to the user, the same as the network being down.
    throw new ApiError(call.errorMessage, 0);
  }
  const parsed = resolvedSchema.safeParse(payload);
  if (!parsed.success) throw new ApiError(messages.generic, status);
  return parsed.data;
}

/** How far an upload has got: bytes sent of the body's total, and the average speed since it started. */
export interface UploadProgress {
  loaded: number;
  total: number;
  bytesPerSecond: number;
}

interface UploadOptions<T extends z.ZodType> extends Pick<
  RequestOptions<T>,
  'query' | 'schema' | 'signal' | 'errorMessage'
> {
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
  /** Give up waiting for the answer after this long (the upload itself is not limited). */
  timeoutMs?: number;
}

/**
 * A multipart POST with upload progress (fetch cannot report it), otherwise exactly apiRequest: bearer
 * token, the spec's error messages, the session ended on a 401, the body parsed with its schema.
 */
export function apiUpload<T extends z.ZodType>(path: string, options: UploadOptions<T>): Promise<z.infer<T>> {
  const { body, query, schema, signal, onProgress, timeoutMs = 0, errorMessage = messages.generic } = options;
  const url = new URL(env.apiBaseUrl + path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const loadingSchema = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  loadingSchema.catch(() => undefined);
  const token = sessionStore.get()?.token;

  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.timeout = timeoutMs;
    const startedAt = performance.now();
    request.upload.onprogress = (event) => {
      const seconds = (performance.now() - startedAt) / 1000;
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
        bytesPerSecond: seconds > 0 ? event.loaded / seconds : 0,
      });
    };
    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    request.onload = () => {
      done();
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      settle(request.status, payload, { sentToken: Boolean(token), loadingSchema, errorMessage }).then(resolve, reject);
    };
    request.onerror = request.ontimeout = () => {
      done();
      reject(new ApiError(errorMessage, 0));
    };
    request.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    request.send(body);
  });
}

/**
 * A file the API streams (e.g. a CSV export), fetched with the bearer token like every other call.
 * Failures carry a JSON body and map to the spec's message exactly as in apiRequest.
 */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions<z.ZodType>, 'query' | 'signal' | 'errorMessage'>,
): Promise<Blob> {
  const { query, signal, errorMessage = messages.generic } = options;
  const url = new URL(env.apiBaseUrl + path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const token = sessionStore.get()?.token;
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(errorMessage, 0);
  }
  if (response.status === 401 && token) {
    onSessionExpired();
    throw new ApiError(messages.sessionExpired, 401);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    throw new ApiError(errorMessageOf(payload, errorMessage), response.status);
  }
  return response.blob();
}
