/**
 * Money as cents in BigInt: amounts read from files are summed, netted and compared exactly (a float
 * would lose cents on a large ledger). Input is the readers' canonical decimal text ('-1234.5').
 */

export function centsOf(canonical: string): bigint {
  const negative = canonical.startsWith('-');
  const [whole = '0', decimals = ''] = canonical.replace(/^[-+]/, '').split('.');
  const cents = BigInt(whole) * 100n + BigInt((decimals + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** Cents as the canonical text a load writes: '1234.50', '-0.05'. */
export function moneyText(cents: bigint): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = absolute / 100n;
  const rest = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${rest}`;
}
