import type { CellValue, Row, Worksheet } from 'exceljs';
import { MUTED_TEXT, textColourOn } from './pack-theme.ts';

/** exceljs colours are ARGB without the hash. */
export const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

/** The sheet's title in the organization's colour and the lines under it; answers the next free row. */
export function writeSheetTitle(sheet: Worksheet, title: string, lines: string[], colour: string): number {
  const heading = sheet.getCell(1, 1);
  heading.value = title;
  heading.font = { bold: true, size: 14, color: { argb: argb(colour) } };
  lines.forEach((line, index) => {
    const cell = sheet.getCell(2 + index, 1);
    cell.value = line;
    cell.font = { color: { argb: argb(MUTED_TEXT) } };
  });
  return lines.length + 3;
}

/** A header row filled with the organization's colour; figures' headers right-aligned from `figuresFrom`. */
export function writeHeaderRow(sheet: Worksheet, at: number, labels: string[], colour: string, figuresFrom = 2): Row {
  const row = sheet.getRow(at);
  labels.forEach((label, index) => {
    const cell = row.getCell(index + 1);
    cell.value = label;
    cell.font = { bold: true, color: { argb: argb(textColourOn(colour)) } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(colour) } };
    cell.alignment = { horizontal: index + 1 >= figuresFrom ? 'right' : 'left', vertical: 'middle', wrapText: true };
  });
  return row;
}

/**
 * A formula with the figure it gives. A zero stays a plain 0: exceljs reads a formula's cached 0 back as no
 * result at all (its cell model drops falsy results), so a reader of the file through it would lose the figure.
 */
export const formulaCell = (formula: string, result: number): CellValue => (result === 0 ? 0 : { formula, result });
