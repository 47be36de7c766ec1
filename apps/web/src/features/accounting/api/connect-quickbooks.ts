import { useMutation } from '@tanstack/react-query';
import { accountingMessages, quickbooksConnectResponseSchema } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingUrls } from './accounting-urls';

/**
 * Intuit's authorization URL for the organization: the browser goes there, and comes back to /apps. With
 * `replaceCompany` the person chose to connect a different company than the connected one.
 */
export const connectQuickbooks = ({
  organizationId,
  replaceCompany,
}: {
  organizationId: string;
  replaceCompany?: boolean;
}) =>
  apiRequest(accountingUrls.quickbooks.connect, {
    method: 'POST',
    body: { organization_id: organizationId, ...(replaceCompany && { replace_company: true }) },
    schema: quickbooksConnectResponseSchema,
    errorMessage: accountingMessages.connectFailed,
  }).then(({ data }) => data.authorizeUrl);

export const useConnectQuickbooks = () => useMutation({ mutationFn: connectQuickbooks });
