// Stand-in until the readers land (h/readers): the same signatures, fewer forms.
export interface NumberFormat {
  decimal: '.' | ',';
}
export type AmountReading = { amount: string; side?: 'debit' | 'credit' } | { empty: true } | { problem: string };

export function readAmount(raw: string, format: NumberFormat): AmountReading {
  let text = raw.trim();
  if (text === '') return { empty: true };
  let negative = false;
  let side: 'debit' | 'credit' | undefined;
  const marker = /\s*(CR|DR)$/i.exec(text);
  if (marker) {
    side = marker[1]!.toUpperCase() === 'CR' ? 'credit' : 'debit';
    text = text.slice(0, marker.index);
  }
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.endsWith('-')) {
    negative = true;
    text = text.slice(0, -1);
  }
  text = text.replace(/[$€£\s]/g, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  const grouped = format.decimal === '.' ? text.replace(/,/g, '') : text.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(grouped)) return { problem: 'Not an amount' };
  const [whole, decimals = ''] = grouped.split('.');
  const amount = `${negative ? '-' : ''}${whole!.replace(/^0+(?=\d)/, '')}${decimals ? `.${decimals}` : ''}`;
  return side ? { amount, side } : { amount: amount === '-0' ? '0' : amount };
}

export function detectNumberFormat(values: readonly string[]): NumberFormat {
  const comma = values.filter((value) => /\d,\d{1,2}$/.test(value.trim())).length;
  const point = values.filter((value) => /\d\.\d{1,2}$/.test(value.trim())).length;
  return { decimal: comma > point ? ',' : '.' };
}
