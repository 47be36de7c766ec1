import { describe, expect, it } from 'vitest';
import {
  parseCommentary,
  placeholdersOf,
  toggleBold,
  toggleBullets,
  toggleItalic,
  type TextEdit,
} from './commentary-markdown';

/** The text with the selection drawn in as [ and ], to read the expectations at a glance. */
const shown = ({ text, selection }: TextEdit) =>
  `${text.slice(0, selection.start)}[${text.slice(selection.start, selection.end)}]${text.slice(selection.end)}`;
/** The reverse: "Revenue [rose] by" is the text and its selection. */
const at = (marked: string) => {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return [marked.replace('[', '').replace(']', ''), { start, end }] as const;
};

describe('the commentary toolbar', () => {
  it('makes the selected words bold, keeping the spaces around them outside the markers', () => {
    expect(shown(toggleBold(...at('Revenue [rose ]by 7%')))).toBe('Revenue **[rose]** by 7%');
  });
  it('takes bold off a selection marked bold, whether the markers are selected or just outside it', () => {
    expect(shown(toggleBold(...at('Revenue **[rose]** by 7%')))).toBe('Revenue [rose] by 7%');
    expect(shown(toggleBold(...at('Revenue [**rose**] by 7%')))).toBe('Revenue [rose] by 7%');
  });
  it('tells italic from bold: italic on a bold word makes it both, and each comes off on its own', () => {
    const both = toggleItalic(...at('a **[word]** here'));
    expect(shown(both)).toBe('a ***[word]*** here');
    expect(shown(toggleBold(both.text, both.selection))).toBe('a *[word]* here');
    expect(shown(toggleItalic(both.text, both.selection))).toBe('a **[word]** here');
    // A bold word is not italic: italic is added, not bold taken off.
    expect(toggleItalic(...at('**[word]**')).text).toBe('***word***');
  });
  it('puts a pair of markers at the cursor with nothing selected, and takes an empty pair away again', () => {
    const inserted = toggleBold(...at('Costs [] fell'));
    expect(shown(inserted)).toBe('Costs **[]** fell');
    expect(shown(toggleBold(inserted.text, inserted.selection))).toBe('Costs [] fell');
  });
  it('makes the selected lines bullet items and back, leaving blank lines blank', () => {
    const listed = toggleBullets(...at('Intro\n[Revenue rose\n\nCosts fell]\nEnd'));
    expect(shown(listed)).toBe('Intro\n[- Revenue rose\n\n- Costs fell]\nEnd');
    expect(shown(toggleBullets(listed.text, listed.selection))).toBe('Intro\n[Revenue rose\n\nCosts fell]\nEnd');
  });
  it('makes the cursor line a bullet, keeping the cursor on its word', () => {
    expect(shown(toggleBullets(...at('One\nTw[]o\nThree')))).toBe('One\n- Tw[]o\nThree');
    // Lines of which some are items already all become items.
    expect(toggleBullets(...at('[- a\nb]')).text).toBe('- a\n- b');
  });
});

describe('the rendered commentary', () => {
  it('reads paragraphs, bullet items, bold, italic and placeholders', () => {
    const text =
      'Revenue was {{revenue}}, **up {{revenue.changePercent.previousPeriod}}**\non the month.\n\n- *Costs* fell\n- Cash {{cash}}';
    expect(parseCommentary(text)).toEqual([
      {
        kind: 'paragraph',
        segments: [
          { kind: 'text', text: 'Revenue was ', bold: false, italic: false },
          { kind: 'placeholder', placeholder: '{{revenue}}', bold: false, italic: false },
          { kind: 'text', text: ', ', bold: false, italic: false },
          { kind: 'text', text: 'up ', bold: true, italic: false },
          { kind: 'placeholder', placeholder: '{{revenue.changePercent.previousPeriod}}', bold: true, italic: false },
          { kind: 'text', text: ' on the month.', bold: false, italic: false },
        ],
      },
      {
        kind: 'bullet',
        segments: [
          { kind: 'text', text: 'Costs', bold: false, italic: true },
          { kind: 'text', text: ' fell', bold: false, italic: false },
        ],
      },
      {
        kind: 'bullet',
        segments: [
          { kind: 'text', text: 'Cash ', bold: false, italic: false },
          { kind: 'placeholder', placeholder: '{{cash}}', bold: false, italic: false },
        ],
      },
    ]);
  });
  it('shows an asterisk without a partner as written', () => {
    expect(parseCommentary('5 * 3 = 15 and **bold**')).toEqual([
      {
        kind: 'paragraph',
        segments: [
          { kind: 'text', text: '5 * 3 = 15 and ', bold: false, italic: false },
          { kind: 'text', text: 'bold', bold: true, italic: false },
        ],
      },
    ]);
    expect(parseCommentary('')).toEqual([]);
  });
  it('lists each placeholder once, in order of first use', () => {
    expect(placeholdersOf('{{cash}} and {{revenue}}, then {{cash}} again; {not} {{}}')).toEqual([
      '{{cash}}',
      '{{revenue}}',
    ]);
  });
});
