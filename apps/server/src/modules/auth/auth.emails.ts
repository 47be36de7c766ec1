import { PRODUCT_NAME } from '@finboard/shared/constants';
import type { MailMessage } from '../../platform/mail/mailer.ts';

export function passwordResetEmail(to: string, fullName: string, link: string): MailMessage {
  return {
    kind: 'password-reset',
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

export function temporaryPasswordEmail(
  to: string,
  fullName: string,
  temporaryPassword: string,
  loginUrl: string,
): MailMessage {
  return {
    kind: 'temporary-password',
    to,
    subject: `Your new ${PRODUCT_NAME} password`,
    text: [
      `Hello ${fullName || 'there'},`,
      '',
      `An administrator has reset the password of your ${PRODUCT_NAME} account. Your temporary password is:`,
      '',
      temporaryPassword,
      '',
      `It works for one sign-in only, at ${loginUrl}, and you must change it as soon as you have signed in.`,
      'Every session you had open has been ended.',
      '',
      `— ${PRODUCT_NAME}`,
    ].join('\n'),
  };
}
