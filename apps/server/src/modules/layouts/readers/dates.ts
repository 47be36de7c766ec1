// Stand-in until the readers land (h/readers): the same signatures, fewer formats.
import type { LayoutDateFormat } from '@finboard/shared/layouts';

export type DateFormat = LayoutDateFormat;
export type DateDetection = { format: DateFormat } | { ambiguous: DateFormat[] } | { none: true };

const pad = (value: string) => value.padStart(2, '0');

export function readDate(raw: string, format: DateFormat): string | null {
  const text = raw.trim().split(/[ T]/)[0]!;
  let match: RegExpExecArray | null;
  if (format === 'YYYY-MM-DD' && (match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)))
    return `${match[1]}-${pad(match[2]!)}-${pad(match[3]!)}`;
  if (format === 'MM/DD/YYYY' && (match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)))
    return `${match[3]}-${pad(match[1]!)}-${pad(match[2]!)}`;
  if (format === 'DD/MM/YYYY' && (match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)))
    return `${match[3]}-${pad(match[2]!)}-${pad(match[1]!)}`;
  return null;
}

export function detectDateFormat(values: readonly string[]): DateDetection {
  const present = values.filter((value) => value.trim() !== '');
  if (present.length === 0) return { none: true };
  const fits = (['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const).filter((format) =>
    present.every((value) => readDate(value, format) !== null),
  );
  if (fits.length === 1) return { format: fits[0]! };
  if (fits.length > 1) return { ambiguous: [...fits] };
  return { none: true };
}
