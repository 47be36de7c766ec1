import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { organizationQueryKey } from '../../lib/organization-detail';
import { organizationsQueryKey } from './api/get-organizations';

// The API client reads the browser's session storage; these tests only look at the cache.
vi.mock('../../lib/api-client', () => ({ apiRequest: vi.fn() }));

describe('the organization details query', () => {
  it('is refreshed by what refreshes every organizations query (edit, status change) and by its own key', async () => {
    const client = new QueryClient();
    const detail = organizationQueryKey('org-1');
    const other = organizationQueryKey('org-2');
    client.setQueryData(detail, { name: 'Acme' });
    client.setQueryData(other, { name: 'Globex' });

    await client.invalidateQueries({ queryKey: organizationQueryKey('org-1') });
    expect(client.getQueryState(detail)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);

    await client.invalidateQueries({ queryKey: organizationsQueryKey });
    expect(client.getQueryState(other)?.isInvalidated).toBe(true);
  });
});
