import { describe, expect, it } from 'vitest';
import { CHAT_MAX_FILTER_NAMES, semanticQuerySchema } from './chat.ts';

const query = (accountCodes: string[]) => ({
  metrics: ['balance'],
  filters: { accountCodes },
  timeRange: { from: '2026-01', to: '2026-11' },
});
const codes = (count: number) => Array.from({ length: count }, (_, i) => String(10_000 + i));

describe('a semantic query', () => {
  it('may name as many accounts as a large chart holds (a working-capital reading names them all)', () => {
    expect(semanticQuerySchema.safeParse(query(codes(3_000))).success).toBe(true);
    expect(semanticQuerySchema.safeParse(query(codes(CHAT_MAX_FILTER_NAMES))).success).toBe(true);
  });
  it('stays finite: a model’s output naming more is refused', () => {
    expect(semanticQuerySchema.safeParse(query(codes(CHAT_MAX_FILTER_NAMES + 1))).success).toBe(false);
  });
});
