import { PHONE_DIGITS } from '@finboard/shared/constants';

/**
 * A stored phone number (ten digits, spec §5) as people read it: (555) 123-4567. Anything else — an
 * older value kept as typed — is shown as it is.
 */
export function formatPhoneNumber(phone: string | null | undefined): string {
  if (!phone) return '—';
  if (phone.length !== PHONE_DIGITS || !/^\d+$/.test(phone)) return phone;
  return `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
}
