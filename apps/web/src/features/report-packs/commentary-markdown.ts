/**
 * The commentary's restricted Markdown (report-packs contract): paragraphs split by blank lines, **bold**,
 * *italic*, "- " bullet items, and {{placeholders}} standing for figures. The toolbar's transforms work on the
 * text and the selection of a textarea; the parser gives the rendered view, placeholders kept apart so they
 * show as chips with their figure.
 */

export interface TextSelection {
  start: number;
  end: number;
}
export interface TextEdit {
  text: string;
  selection: TextSelection;
}

type Marker = '**' | '*';

/** How many asterisks run back from `index` (exclusive) or forward from it. */
const starsBefore = (text: string, index: number) => {
  let count = 0;
  while (index - count - 1 >= 0 && text[index - count - 1] === '*') count += 1;
  return count;
};
const starsAfter = (text: string, index: number) => {
  let count = 0;
  while (index + count < text.length && text[index + count] === '*') count += 1;
  return count;
};
/** A run of stars holds the marker: bold in two or three, italic in one or three (`***x***` is both). */
const holds = (stars: number, marker: Marker) => (marker === '**' ? stars >= 2 : stars === 1 || stars === 3);

/**
 * Bold (`**`) or italic (`*`) on and off for the selection. Spaces at the selection's ends stay outside the
 * markers (Markdown does not read `** word**` as bold); a selection already marked, inside or just outside its
 * markers, loses them; an empty selection gets a pair of markers with the cursor between.
 */
export function toggleInline(text: string, selection: TextSelection, marker: Marker): TextEdit {
  let { start, end } = selection;
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  const size = marker.length;
  const inner = text.slice(start, end);

  // The markers are part of the selection: "**word**" selected.
  if (
    inner.length > 2 * size &&
    holds(starsAfter(inner, 0), marker) &&
    holds(starsBefore(inner, inner.length), marker)
  ) {
    const unwrapped = inner.slice(size, inner.length - size);
    return {
      text: text.slice(0, start) + unwrapped + text.slice(end),
      selection: { start, end: start + unwrapped.length },
    };
  }
  // The markers are just outside it: "word" of "**word**" selected (or the cursor between "****").
  if (holds(starsBefore(text, start), marker) && holds(starsAfter(text, end), marker)) {
    return {
      text: text.slice(0, start - size) + inner + text.slice(end + size),
      selection: { start: start - size, end: end - size },
    };
  }
  return {
    text: text.slice(0, start) + marker + inner + marker + text.slice(end),
    selection: { start: start + size, end: end + size },
  };
}

export const toggleBold = (text: string, selection: TextSelection) => toggleInline(text, selection, '**');
export const toggleItalic = (text: string, selection: TextSelection) => toggleInline(text, selection, '*');

const BULLET = /^- /;

/**
 * The selected lines as a bullet list, or back to plain lines when every line with text already is one. Blank
 * lines stay blank; the cursor alone makes its line a bullet.
 */
export function toggleBullets(text: string, selection: TextSelection): TextEdit {
  const lastSelected =
    selection.end > selection.start && text[selection.end - 1] === '\n' ? selection.end - 1 : selection.end;
  const from = text.lastIndexOf('\n', selection.start - 1) + 1;
  const newline = text.indexOf('\n', lastSelected);
  const to = newline === -1 ? text.length : newline;
  const lines = text.slice(from, to).split('\n');
  const withText = lines.filter((line) => line.trim() !== '');
  const targets = withText.length > 0 ? withText : lines;
  const remove = withText.length > 0 && withText.every((line) => BULLET.test(line));
  const changed = lines.map((line) => {
    if (!targets.includes(line)) return line;
    if (remove) return line.replace(BULLET, '');
    return BULLET.test(line) ? line : `- ${line}`;
  });
  const block = changed.join('\n');
  const next = text.slice(0, from) + block + text.slice(to);
  if (selection.start === selection.end) {
    const shift = changed[0]!.length - lines[0]!.length;
    const cursor = Math.max(from, selection.start + shift);
    return { text: next, selection: { start: cursor, end: cursor } };
  }
  return { text: next, selection: { start: from, end: from + block.length } };
}

// ---- The rendered view --------------------------------------------------------------------------------------

export type CommentarySegment =
  | { kind: 'text'; text: string; bold: boolean; italic: boolean }
  | { kind: 'placeholder'; placeholder: string; bold: boolean; italic: boolean };
export interface CommentaryBlock {
  kind: 'paragraph' | 'bullet';
  segments: CommentarySegment[];
}

const PLACEHOLDER = /\{\{[^{}\n]+\}\}/g;
const TOKEN = /(\{\{[^{}\n]+\}\}|\*\*\*|\*\*|\*)/;

/** The placeholders of a text, each once, in order of first use. */
export const placeholdersOf = (text: string): string[] => [...new Set(text.match(PLACEHOLDER) ?? [])];

/** One line's runs: bold and italic turned on and off by markers that have a partner later on the line. */
function segmentsOf(line: string): CommentarySegment[] {
  const tokens = line.split(TOKEN).filter((token) => token !== '');
  const segments: CommentarySegment[] = [];
  let bold = false;
  let italic = false;
  // A marker opens only when a partner follows on the line; otherwise it is an asterisk as written.
  const closes = (index: number, marker: Marker) =>
    tokens.slice(index + 1).some((later) => later === marker || later === '***');
  const push = (segment: CommentarySegment) => {
    const last = segments.at(-1);
    if (
      segment.kind === 'text' &&
      last?.kind === 'text' &&
      last.bold === segment.bold &&
      last.italic === segment.italic
    )
      last.text += segment.text;
    else segments.push(segment);
  };
  tokens.forEach((token, index) => {
    const turnsBold = (token === '**' || token === '***') && (bold || closes(index, '**'));
    const turnsItalic = (token === '*' || token === '***') && (italic || closes(index, '*'));
    if (turnsBold || turnsItalic) {
      if (turnsBold) bold = !bold;
      if (turnsItalic) italic = !italic;
      // '***' of which only one half pairs: the other half is a literal asterisk pair or star.
      if (token === '***' && !(turnsBold && turnsItalic))
        push({ kind: 'text', text: turnsBold ? '*' : '**', bold, italic });
    } else if (token.startsWith('{{')) push({ kind: 'placeholder', placeholder: token, bold, italic });
    else push({ kind: 'text', text: token, bold, italic });
  });
  return segments;
}

/** The text as paragraphs and bullet items; lines of one paragraph are joined by a space. */
export function parseCommentary(text: string): CommentaryBlock[] {
  const blocks: CommentaryBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', segments: segmentsOf(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') endParagraph();
    else if (BULLET.test(line)) {
      endParagraph();
      blocks.push({ kind: 'bullet', segments: segmentsOf(line.replace(BULLET, '').trim()) });
    } else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}
