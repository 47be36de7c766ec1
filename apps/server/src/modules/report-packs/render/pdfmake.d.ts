// The part of pdfmake 0.3 the pack renderer uses. @types/pdfmake is not used: it pulls the DOM library into every
// file of the server (`/// <reference lib="dom" />`), which changes Node's own fetch and Buffer typings.
declare module 'pdfmake' {
  export type Margins = number | [number, number] | [number, number, number, number];
  export type Orientation = 'portrait' | 'landscape';

  export interface Style {
    font?: string;
    fontSize?: number;
    bold?: boolean;
    italics?: boolean;
    color?: string;
    fillColor?: string;
    alignment?: 'left' | 'right' | 'center' | 'justify';
    margin?: Margins;
    lineHeight?: number;
    /** Keeps the text on one line whatever the width. */
    noWrap?: boolean;
  }
  export type StyleDictionary = Record<string, Style>;

  interface Node extends Style {
    style?: string | string[];
    /** In columns: points, 'auto' (the content's width) or '*' (a share of what is left). */
    width?: number | 'auto' | '*';
    /** Draws the node at an offset from where it would be, taking no space in the flow. */
    relativePosition?: { x?: number; y?: number };
    /** Names the node, so that a `pageReference` elsewhere prints the number of the page it lands on. */
    id?: string;
    /** Text only: replaced by the number of the page the node of this id lands on. */
    pageReference?: string;
  }

  export interface TextRun {
    text: string;
    bold?: boolean;
    italics?: boolean;
  }

  export interface Point {
    x: number;
    y: number;
  }
  interface Stroke {
    lineWidth?: number;
    lineColor?: string;
  }
  export type CanvasElement =
    | ({ type: 'line'; x1: number; y1: number; x2: number; y2: number } & Stroke)
    | ({ type: 'rect'; x: number; y: number; w: number; h: number; color?: string } & Stroke)
    | ({ type: 'polyline'; points: Point[]; color?: string } & Stroke)
    | ({ type: 'ellipse'; x: number; y: number; r1: number; r2: number; color?: string } & Stroke);

  export interface TableNode {
    table: { body: unknown[][] };
  }
  export interface CustomTableLayout {
    hLineWidth?: (line: number, node: TableNode) => number;
    vLineWidth?: (line: number, node: TableNode) => number;
    hLineColor?: (line: number, node: TableNode) => string;
    vLineColor?: (line: number, node: TableNode) => string;
    paddingLeft?: (column: number, node: TableNode) => number;
    paddingRight?: (column: number, node: TableNode) => number;
    paddingTop?: (row: number, node: TableNode) => number;
    paddingBottom?: (row: number, node: TableNode) => number;
  }

  export type Content =
    | string
    | Content[]
    | (Node & { text: string | TextRun[] })
    | (Node & { stack: Content[] })
    | (Node & { columns: Content[]; columnGap?: number })
    | (Node & {
        table: {
          /** How many of the first body rows repeat at the top of every page the table runs onto. */
          headerRows?: number;
          /** A row moves whole to the next page rather than splitting. */
          dontBreakRows?: boolean;
          widths?: (number | 'auto' | '*')[];
          body: Content[][];
        };
        layout?: CustomTableLayout | 'noBorders' | 'lightHorizontalLines';
      })
    | (Node & { canvas: CanvasElement[] })
    | (Node & { image: string; fit?: [number, number] })
    | (Node & { ul: Content[] })
    /** Pages of their own: a section starts on a new page, in its own size and orientation. */
    | { section: Content; pageSize?: 'A4'; pageOrientation?: Orientation };

  export interface FontFaces {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }

  export interface DocumentDefinition {
    pageSize?: 'A4';
    pageOrientation?: Orientation;
    pageMargins?: Margins;
    info?: { title?: string; author?: string; subject?: string; creator?: string };
    /** Images by name: data URLs. */
    images?: Record<string, string>;
    defaultStyle?: Style;
    styles?: StyleDictionary;
    /** Laid out after the content, so it is told the final page count. */
    footer?: (currentPage: number, pageCount: number) => Content;
    content: Content;
  }

  export interface PdfMake {
    setFonts(fonts: Record<string, FontFaces>): void;
    setUrlAccessPolicy(allowed: (url: string) => boolean): void;
    setLocalAccessPolicy(allowed: (path: string) => boolean): void;
    createPdf(definition: DocumentDefinition): { getBuffer(): Promise<Buffer> };
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
