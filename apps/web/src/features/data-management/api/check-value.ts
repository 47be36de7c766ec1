import { apiSuccessSchema } from '@finboard/shared/api';
import { checkValueDataSchema, dataManagementMessages, type CheckValueRequest } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';

const checkValueResponseSchema = apiSuccessSchema(checkValueDataSchema);

/** The group value check (spec §5): whether a value exists where it must, before a record is saved. */
export const checkValue = (organizationId: string, body: CheckValueRequest) =>
  apiRequest(`/api/v1/crud/check-value/${encodeURIComponent(organizationId)}`, {
    method: 'POST',
    body,
    schema: checkValueResponseSchema,
    errorMessage: dataManagementMessages.checkFailed,
  }).then((response) => response.data);
