import { useMutation } from '@tanstack/react-query';
import { accountingMessages, quickbooksConnectResponseSchema } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingUrls } from './accounting-urls';

/** Intuit's authorization URL for the organization: the browser goes there, and comes back to /apps. */
export const connectQuickbooks = (organizationId: string) =>
  apiRequest(accountingUrls.quickbooks.connect, {
    method: 'POST',
    body: { organization_id: organizationId },
    schema: quickbooksConnectResponseSchema,
    errorMessage: accountingMessages.connectFailed,
  }).then(({ data }) => data.authorizeUrl);

export const useConnectQuickbooks = () => useMutation({ mutationFn: connectQuickbooks });
