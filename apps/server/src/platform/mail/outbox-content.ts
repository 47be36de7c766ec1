import type { SecretBox } from '../crypto/secret-box.ts';

/** What the outbox keeps sealed: the body of a mail, where its links and passwords are. */
export interface MailBody {
  text: string;
  html?: string;
}

// Bound to the row's id: a body copied onto another row does not open.
const contextOf = (id: string) => `outbox-email:${id}`;

export const sealMailBody = (box: SecretBox, id: string, body: MailBody): string =>
  box.seal(JSON.stringify(body), contextOf(id));

export const openMailBody = (box: SecretBox, id: string, content: string): MailBody =>
  JSON.parse(box.open(content, contextOf(id))) as MailBody;
