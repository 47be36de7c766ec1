/** Money is handled in integer cents and written as a decimal string with two places: never a float sum. */
export type Cents = number;

/** Rounds a computed amount (dollars × factors) to whole cents. */
export const toCents = (dollars: number): Cents => Math.round(dollars * 100);

/** Cents scaled by a factor, rounded to whole cents. */
export const scale = (amount: Cents, factor: number): Cents => Math.round(amount * factor);

export function formatCents(amount: Cents): string {
  if (!Number.isSafeInteger(amount)) throw new Error(`not a whole number of cents: ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(amount);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Splits `total` into parts proportional to `weights`; the parts add up to `total` exactly. */
export function split(total: Cents, weights: readonly number[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % parts.length, rest--) parts[i]! += 1;
  return parts;
}

/** Reads a decimal string with at most two places ('1234.5', '-0.07') as cents, without a float. */
export function parseCents(text: string): Cents {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
