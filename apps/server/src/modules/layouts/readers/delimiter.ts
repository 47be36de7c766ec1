import Papa from 'papaparse';

/**
 * The delimiter of an exported file (issue 23 §1). Reports put title lines above the table ("Acme Inc",
 * "General Ledger", the dates), and decimal-comma countries write ';' between values and ',' inside them,
 * so neither the first line nor the most frequent character decides: the delimiter is the one that splits
 * the most records into the same number of fields.
 */

export type Delimiter = ',' | ';' | '\t' | '|';

/** In order of preference when two split the sample equally well. */
const DELIMITERS: readonly Delimiter[] = [',', ';', '\t', '|'];
const SAMPLE_RECORDS = 100;
/** Excel's first line `sep=;` names the delimiter of the lines below it. */
const EXCEL_SEPARATOR_LINE = /^sep=(.)\r?\n/;

interface Fit {
  /** How many records have the table's number of fields (title lines and totals have fewer). */
  records: number;
  /** That number of fields: the one most records have, above 1; among equals, the larger. */
  fields: number;
}

/**
 * How many delimiters the fit explains: a comma that splits each row of a ';' file once (its decimal
 * comma) and every title line too ("Acme, Inc.") fits more records than ';' but explains fewer delimiters.
 */
const explained = (fit: Fit) => fit.records * (fit.fields - 1);

const better = (fit: Fit, than: Fit) =>
  explained(fit) > explained(than) || (explained(fit) === explained(than) && fit.records > than.records);

function fitOf(text: string, delimiter: Delimiter, unfinished: boolean): Fit {
  const { data } = Papa.parse<string[]>(text, {
    delimiter,
    quoteChar: '"',
    preview: SAMPLE_RECORDS,
    skipEmptyLines: true,
  });
  // A sample cut off within its last record would count that record too short.
  const records = unfinished && data.length > 1 ? data.slice(0, -1) : data;
  const byFields = new Map<number, number>();
  for (const record of records)
    if (record.length > 1) byFields.set(record.length, (byFields.get(record.length) ?? 0) + 1);
  let fit: Fit = { records: 0, fields: 1 };
  for (const [fields, count] of byFields)
    if (count > fit.records || (count === fit.records && fields > fit.fields)) fit = { records: count, fields };
  return fit;
}

/**
 * The delimiter among , ; tab | of a file's first part (its first 100 records are looked at), quotes
 * respected — a ',' inside "1,234.50" separates nothing. Under each, the table's width is the number of
 * fields (above one) most records have; the delimiter is the one for which those records times their
 * delimiters per record is largest (title lines and totals, of other widths, count for nothing); then the
 * one fitting more records; then the first of the list above. Without any of them, one column, read with ','.
 */
export function detectDelimiter(sampleText: string): Delimiter {
  const named = EXCEL_SEPARATOR_LINE.exec(sampleText)?.[1];
  const excelChoice = DELIMITERS.find((delimiter) => delimiter === named);
  if (excelChoice) return excelChoice;
  const unfinished = !/[\r\n]$/.test(sampleText);
  let best: Delimiter = ',';
  let bestFit: Fit = { records: 0, fields: 1 };
  for (const delimiter of DELIMITERS) {
    const fit = fitOf(sampleText, delimiter, unfinished);
    if (better(fit, bestFit)) [best, bestFit] = [delimiter, fit];
  }
  return best;
}
