import { useSyncExternalStore } from 'react';

/**
 * The browser session (spec §3/§4): token, creation time and expiry (seconds) in localStorage.
 * The token is deliberately not copied into cookies: the API reads only the Authorization header,
 * and a cookie copy would travel with every request for nothing.
 */
const KEYS = { token: 'token', createdAt: 'tokenCreationTime', expiresIn: 'tokenExpiryTime' } as const;

export interface StoredSession {
  token: string;
  tokenCreationTime: number;
  tokenExpiryTime: number | null;
}

const listeners = new Set<() => void>();
let cached: StoredSession | null | undefined;

function read(): StoredSession | null {
  const token = localStorage.getItem(KEYS.token);
  if (!token) return null;
  const created = Number(localStorage.getItem(KEYS.createdAt));
  const expiry = localStorage.getItem(KEYS.expiresIn);
  return {
    token,
    tokenCreationTime: Number.isFinite(created) ? created : 0,
    tokenExpiryTime: expiry === null ? null : Number(expiry),
  };
}

function notify() {
  cached = undefined;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get(): StoredSession | null {
    if (cached === undefined) cached = read();
    return cached;
  },

  save(token: string, expiresIn: number | undefined) {
    localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.createdAt, String(Date.now()));
    if (expiresIn !== undefined) localStorage.setItem(KEYS.expiresIn, String(expiresIn));
    else localStorage.removeItem(KEYS.expiresIn);
    notify();
  },

  clear() {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
    notify();
  },

  /** True when the token is older than the expiry the server gave at login. */
  isExpired(now = Date.now()): boolean {
    const session = this.get();
    if (!session || session.tokenExpiryTime === null) return false;
    return now - session.tokenCreationTime >= session.tokenExpiryTime * 1000;
  },

  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values(KEYS).includes(event.key as never)) notify();
});

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, () => sessionStore.get());
