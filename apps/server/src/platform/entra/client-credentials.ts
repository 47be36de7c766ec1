/**
 * An Entra ID (Azure AD) access token by client credentials for one scope, cached until shortly before it
 * expires; concurrent callers share one request. Shared by the Power BI and Azure Resource Manager clients,
 * each turning failures into its own error type (`fail`).
 */
export interface ClientCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** https://login.microsoftonline.com, or a fake's address in tests. */
  authorityUrl: string;
  /** e.g. https://management.azure.com/.default */
  scope: string;
}

/** A token is renewed this long before it expires (Entra's last for an hour or so). */
const RENEW_BEFORE_MS = 5 * 60_000;

export function createEntraTokenSource(
  credentials: ClientCredentials,
  io: {
    /** The client's fetch (its timeout and network error). */
    send: (url: string, init: RequestInit & { signal?: AbortSignal }) => Promise<Response>;
    /** The client's error for a refused token request: the HTTP status and Entra's reason. */
    fail: (status: number, reason: string) => Error;
    now?: () => number;
  },
) {
  const now = io.now ?? Date.now;
  const authority = credentials.authorityUrl.replace(/\/$/, '');
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function requestToken(signal?: AbortSignal): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      scope: credentials.scope,
    });
    const response = await io.send(`${authority}/${encodeURIComponent(credentials.tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal,
    });
    const payload = (await readJsonBody(response)) as Record<string, unknown> | undefined;
    if (!response.ok || typeof payload?.access_token !== 'string') {
      throw io.fail(response.status, entraReason(payload, response.status));
    }
    const lifetimeMs = Number(payload.expires_in ?? 3600) * 1000;
    // Short-lived tokens (a test's) are renewed at half their life, the others 5 minutes early.
    cached = { token: payload.access_token, renewAt: now() + lifetimeMs - Math.min(RENEW_BEFORE_MS, lifetimeMs / 2) };
    return payload.access_token;
  }

  return {
    async accessToken(signal?: AbortSignal): Promise<string> {
      if (cached && now() < cached.renewAt) return cached.token;
      pending ??= requestToken(signal).finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** Drops the cached token (the service refused it with 401: it may have been revoked early). */
    forget(): void {
      cached = undefined;
    },
  };
}

/** A response's JSON body; undefined when empty, `{ message }` with the start of a non-JSON one. */
export async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 300) };
  }
}

/** Entra's error body: `error` (invalid_client…) and `error_description` beginning with its AADSTS code. */
function entraReason(payload: Record<string, unknown> | undefined, status: number): string {
  if (typeof payload?.error === 'string') {
    const description =
      typeof payload.error_description === 'string' ? payload.error_description.split(/\r?\n/)[0] : '';
    return description ? `${payload.error}: ${description}` : payload.error;
  }
  return `the token request failed with HTTP ${status}`;
}
