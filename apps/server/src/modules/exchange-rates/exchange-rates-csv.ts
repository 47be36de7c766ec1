import Papa from 'papaparse';
import {
  EXCHANGE_RATE_CSV_HEADER,
  exchangeRateMessages as m,
  exchangeRateSchema,
  rateOfText,
  type ExchangeRateInput,
} from '@finboard/shared/exchange-rates';
import { badRequest } from '../../errors.ts';

/** Most rates one file may hold (as many as one PUT). */
export const MAX_IMPORTED_RATES = 5000;

const refused = (message: string) => badRequest('INVALID_FILE', message, [{ msg: message, path: 'file' }]);

/**
 * The rates of an import file: the header `period,from,to,average,closing` (any case, spaces around names
 * ignored, a UTF-8 byte order mark dropped), then a rate per line, blank lines skipped. Decimals are written with
 * a point. A line that breaks a rule refuses the whole file, naming the line (as a spreadsheet numbers it: the
 * header is line 1) and the rule; so does a period and pair written twice.
 */
export function ratesOfCsv(text: string): ExchangeRateInput[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...lines] = parsed.data;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  if (names.length !== EXCHANGE_RATE_CSV_HEADER.length || names.some((name, i) => name !== EXCHANGE_RATE_CSV_HEADER[i]))
    throw refused(header ? m.fileHeaderInvalid : m.fileEmpty);
  if (lines.length === 0) throw refused(m.fileEmpty);
  if (lines.length > MAX_IMPORTED_RATES) throw refused(m.fileTooLarge);
  const seen = new Map<string, number>();
  return lines.map((cells, index) => {
    const line = index + 2;
    const lineError = (reason: string) =>
      refused(m.fileLineInvalid.replace('{line}', String(line)).replace('{reason}', reason.replace(/\.$/, '')));
    if (cells.length !== EXCHANGE_RATE_CSV_HEADER.length)
      throw lineError(`it has ${cells.length} values, not ${EXCHANGE_RATE_CSV_HEADER.length}`);
    const [period, from, to, average, closing] = cells.map((cell) => cell.trim());
    const rate = exchangeRateSchema.safeParse({
      period,
      from,
      to,
      average: rateOfText(average ?? ''),
      closing: rateOfText(closing ?? ''),
    });
    if (!rate.success) throw lineError(rate.error.issues[0]!.message);
    const key = `${rate.data.period}|${rate.data.from}|${rate.data.to}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) throw lineError(`${m.duplicateRate} (as on line ${earlier})`);
    seen.set(key, line);
    return rate.data;
  });
}
