import { useMutation } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import type { ContactRequest } from '@finboard/shared/contact';
import { apiRequest } from '../../../lib/api-client';

export const contactUs = (body: ContactRequest) =>
  apiRequest('/api/v1/contact-us', { method: 'POST', body, auth: false, schema: apiMessageSchema });

export const useContactUs = () => useMutation({ mutationFn: contactUs });
