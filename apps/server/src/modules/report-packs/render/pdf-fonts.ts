import { createRequire } from 'node:module';
import type { FontFaces } from 'pdfmake';

// Resolved from the installed package, so the same path holds under tsx and in the esbuild bundle (where pdfmake
// stays an external dependency, read from node_modules at run time).
const require = createRequire(import.meta.url);
const roboto = (file: string) => require.resolve(`pdfmake/fonts/Roboto/${file}`);

/** The Roboto faces pdfmake ships, embedded (subset) in every pack. */
export const PACK_FONTS = {
  Roboto: {
    normal: roboto('Roboto-Regular.ttf'),
    bold: roboto('Roboto-Medium.ttf'),
    italics: roboto('Roboto-Italic.ttf'),
    bolditalics: roboto('Roboto-MediumItalic.ttf'),
  },
} satisfies Record<string, FontFaces>;

const fontFiles = new Set<string>(Object.values(PACK_FONTS.Roboto));

/** pdfmake may read these files and no other: an image or font named by a path in a document is refused. */
export const isPackFontFile = (path: string) => fontFiles.has(path);
