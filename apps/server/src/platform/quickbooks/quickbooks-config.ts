import type { Config } from '../../config/env.ts';
import { createQuickbooksClient, type QuickbooksClient } from './quickbooks-client.ts';

const API_URLS = {
  sandbox: 'https://sandbox-quickbooks.api.intuit.com',
  production: 'https://quickbooks.api.intuit.com',
} as const;

/** The QuickBooks client of the configuration; undefined when QUICKBOOKS_CLIENT_ID and its secret are not set. */
export function quickbooksClientOf(config: Config, publicUrl: string): QuickbooksClient | undefined {
  if (!config.QUICKBOOKS_CLIENT_ID || !config.QUICKBOOKS_CLIENT_SECRET) return undefined;
  return createQuickbooksClient({
    clientId: config.QUICKBOOKS_CLIENT_ID,
    clientSecret: config.QUICKBOOKS_CLIENT_SECRET,
    authorizeUrl: config.QUICKBOOKS_AUTHORIZE_URL,
    tokenUrl: config.QUICKBOOKS_TOKEN_URL,
    apiUrl: config.QUICKBOOKS_API_URL ?? API_URLS[config.QUICKBOOKS_ENVIRONMENT],
    // Registered with Intuit as the app's redirect URI.
    redirectUri: `${publicUrl}/api/v1/quickbooks/callback`,
    rateLimitWaitMs: config.QUICKBOOKS_RATE_LIMIT_WAIT_MS,
    maxRateLimitRetries: 3,
  });
}
