import { PRODUCT_NAME } from '@finboard/shared/constants';
import type { MailMessage } from '../../platform/mail/mailer.ts';

export function inviteEmail(to: string, fullName: string, organizationName: string | null, link: string): MailMessage {
  const joining = organizationName ? `${organizationName} on ${PRODUCT_NAME}` : PRODUCT_NAME;
  return {
    kind: 'invitation',
    to,
    subject: organizationName
      ? `You have been invited to ${PRODUCT_NAME} for ${organizationName}`
      : `You have been invited to ${PRODUCT_NAME}`,
    text: [
      `Hello ${fullName || 'there'},`,
      '',
      `An administrator has added you to ${joining}.`,
      'Open this link within 7 days to choose your password. It works once:',
      '',
      link,
      '',
      `Then sign in with your e-mail address (${to}) and the password you chose.`,
      '',
      `— ${PRODUCT_NAME}`,
    ].join('\n'),
  };
}
