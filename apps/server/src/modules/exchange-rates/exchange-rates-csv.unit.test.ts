import { describe, expect, it } from 'vitest';
import { exchangeRateMessages as m } from '@finboard/shared/exchange-rates';
import { MAX_IMPORTED_RATES, ratesOfCsv } from './exchange-rates-csv.ts';

const HEADER = 'period,from,to,average,closing';
const refusal = (text: string) => {
  try {
    ratesOfCsv(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
};
const line = (n: number, reason: string) => m.fileLineInvalid.replace('{line}', String(n)).replace('{reason}', reason);

describe('an exchange rates file', () => {
  it('reads its rates, the header in any case, spaces, a byte order mark and blank lines aside', () => {
    expect(
      ratesOfCsv(
        `\uFEFF Period , FROM,to,Average,closing\r\n2026-01,EUR,USD,1.0845,1.0912\r\n\r\n2026-01, GBP ,USD,1.27,1.2634567891\r\n`,
      ),
    ).toEqual([
      { period: '2026-01', from: 'EUR', to: 'USD', average: 1.0845, closing: 1.0912 },
      { period: '2026-01', from: 'GBP', to: 'USD', average: 1.27, closing: 1.2634567891 },
    ]);
  });

  it('refuses the whole file for one bad line, naming the line and the rule', () => {
    expect(refusal(`${HEADER}\n2026-01,EUR,USD,1.08,1.09\n2026-13,EUR,USD,1.08,1.09\n`)).toBe(line(3, m.periodInvalid));
    expect(refusal(`${HEADER}\n2026-01,EUR,USD,"1,08",1.09\n`)).toBe(line(2, m.rateInvalid));
    expect(refusal(`${HEADER}\n2026-01,EUR,USD,,1.09\n`)).toBe(line(2, m.rateInvalid));
    expect(refusal(`${HEADER}\n2026-01,EUR,USD,0,1.09\n`)).toBe(line(2, m.rateInvalid));
    expect(refusal(`${HEADER}\n2026-01,EUR,USD,1.12345678901,1.09\n`)).toBe(line(2, m.rateInvalid));
    expect(refusal(`${HEADER}\n2026-01,EUR,ABC,1.08,1.09\n`)).toBe(line(2, m.currencyInvalid));
    expect(refusal(`${HEADER}\n2026-01,USD,USD,1,1\n`)).toBe(line(2, m.sameCurrency));
    expect(refusal(`${HEADER}\n2026-01,EUR,USD,1.08\n`)).toBe(line(2, 'it has 4 values, not 5'));
    expect(refusal(`${HEADER}\n2026-01,EUR,USD,1.08,1.09\n2026-01,EUR,USD,1.1,1.2\n`)).toBe(
      line(3, `${m.duplicateRate} (as on line 2)`),
    );
  });

  it('refuses a file without the header, without rates, or with too many', () => {
    expect(refusal('month,from,to,average,closing\n2026-01,EUR,USD,1.08,1.09\n')).toBe(m.fileHeaderInvalid);
    expect(refusal(`${HEADER}\n`)).toBe(m.fileEmpty);
    expect(refusal('')).toBe(m.fileEmpty);
    const many = Array.from(
      { length: MAX_IMPORTED_RATES + 1 },
      (_, i) => `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')},EUR,USD,1.1,1.2`,
    );
    expect(refusal(`${HEADER}\n${many.join('\n')}`)).toBe(m.fileTooLarge);
  });
});
