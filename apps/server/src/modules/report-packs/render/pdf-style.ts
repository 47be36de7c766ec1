import type { StyleDictionary } from 'pdfmake';
import type { PackDocumentPage } from '@finboard/shared/report-packs';
import { MUTED_TEXT } from './pack-theme.ts';

/** A4 in points, and the margins of every page: left, top, right, bottom (the footer sits in the bottom one). */
const A4 = { width: 595.28, height: 841.89 };
export const PAGE_MARGINS: [number, number, number, number] = [40, 40, 40, 48];

/** The width the content of a page has between its margins. */
export const contentWidth = (orientation: PackDocumentPage['orientation']) =>
  (orientation === 'landscape' ? A4.height : A4.width) - PAGE_MARGINS[0] - PAGE_MARGINS[2];

export const BASE_FONT_SIZE = 9;

export const packStyles = (colour: string): StyleDictionary => ({
  pageTitle: { fontSize: 16, bold: true, color: colour },
  pageSubtitle: { fontSize: 9, color: MUTED_TEXT },
  sectionTitle: { fontSize: 11, bold: true, color: colour, margin: [0, 8, 0, 4] },
  muted: { color: MUTED_TEXT },
});
