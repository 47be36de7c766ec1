/** A run of a mail's text: plain words, or a web address to show as a link. */
export type MailTextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

// Addresses end before whitespace or an angle bracket; trailing punctuation belongs to the sentence.
const URL = /https?:\/\/[^\s<>"]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]']+$/;

/** Splits plain-text mail into text and links, so addresses in it can be clicked. Nothing else is interpreted. */
export function splitLinks(text: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, '');
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'link', href });
    last = match.index + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
