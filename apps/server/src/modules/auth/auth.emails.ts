import { PRODUCT_NAME } from '@finboard/shared/constants';
import type { MailMessage } from '../../platform/mail/mailer.ts';

export function passwordResetEmail(to: string, fullName: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Hello ${fullName || 'there'},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
      'Open this link within 30 minutes to choose a new password. It works once:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      `— ${PRODUCT_NAME}`,
    ].join('\n'),
  };
}
