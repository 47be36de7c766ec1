import type { Content, DocumentDefinition, PdfMake } from 'pdfmake';
import type { PackDocument } from '@finboard/shared/report-packs';
import { BODY_TEXT, MUTED_TEXT } from './pack-theme.ts';
import { isPackFontFile, PACK_FONTS } from './pdf-fonts.ts';
import { LOGO_IMAGE, pageContent } from './pdf-pages.ts';
import { BASE_FONT_SIZE, PAGE_MARGINS, packStyles } from './pdf-style.ts';

// pdfmake and pdfkit take a third of a second to load: the server loads them with the first PDF it renders.
let loaded: Promise<PdfMake> | undefined;
const loadPdfMake = () =>
  (loaded ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.setFonts(PACK_FONTS);
    // A pack is drawn from our own data only: pdfmake fetches no URL and reads no file but the fonts.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(isPackFontFile);
    return pdfmake;
  }));

const LOGO_DATA_URL = /^data:image\/(png|jpeg);base64,/;

/**
 * A pack as a PDF (issue 27 §2): A4, each pack page starting a new sheet in its own orientation and running
 * onto as many as it needs, Roboto embedded, the organization's logo and colour, "Page N of M" in the footer.
 * `pages` is the number of PDF pages.
 */
export async function renderPackPdf(document: PackDocument): Promise<{ bytes: Buffer; pages: number }> {
  if (document.logo !== null && !LOGO_DATA_URL.test(document.logo))
    throw new Error('The organization logo must be a PNG or JPEG data URL');
  let pageCount = 0;
  const footerText = `${document.organization} · ${document.periodLabel}`;
  const definition: DocumentDefinition = {
    pageSize: 'A4',
    pageOrientation: document.pages[0]?.orientation ?? 'portrait',
    pageMargins: PAGE_MARGINS,
    info: { title: document.title, author: document.organization, subject: document.periodLabel, creator: 'Finboard' },
    images: document.logo ? { [LOGO_IMAGE]: document.logo } : {},
    defaultStyle: { font: 'Roboto', fontSize: BASE_FONT_SIZE, color: BODY_TEXT },
    styles: packStyles(document.colour),
    // The footer is laid out last, with the final page count: the same count this function returns.
    footer: (currentPage, pages) => {
      pageCount = pages;
      return {
        columns: [
          { text: footerText, width: '*' },
          { text: `Page ${currentPage} of ${pages}`, width: 'auto', alignment: 'right' },
        ],
        fontSize: 8,
        color: MUTED_TEXT,
        margin: [PAGE_MARGINS[0], 16, PAGE_MARGINS[2], 0],
      };
    },
    content:
      document.pages.length === 0
        ? [{ text: 'This pack has no pages.', style: 'muted' }]
        : document.pages.map((page): Content => ({
            section: pageContent(document, page),
            pageSize: 'A4',
            pageOrientation: page.orientation,
          })),
  };
  const bytes = await (await loadPdfMake()).createPdf(definition).getBuffer();
  return { bytes, pages: pageCount };
}
