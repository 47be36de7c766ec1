import { describe, expect, it } from 'vitest';
import { isSkippedLabel, REPORT_SKIP_PREFIXES } from './skipped-labels.ts';

describe('isSkippedLabel', () => {
  it.each([
    ['Total for Checking', true],
    ['Total 6120 · Rent', true],
    ['TOTAL', true],
    ['Grand Total', true],
    ['Beginning Balance', true],
    ['Opening Balance', true],
    ['opening balance:', true],
    ['Opening Balance as of 01/01/2024', true],
    ['Beginning Balance 01/01/2024', true],
    ['Balance b/d', true],
    ['Net movement', true],
    // Accounts whose names begin like a label.
    ['Opening Balance Equity', false],
    ['Totalizer rental', false],
    ['Net Income Adjustments', false],
    ['Checking', false],
    ['', false],
  ])('%j: %s', (text, skipped) => {
    expect(isSkippedLabel(text, REPORT_SKIP_PREFIXES)).toBe(skipped);
  });

  it('reads labels the user wrote the same way', () => {
    expect(isSkippedLabel('Subtotal Office', ['Subtotal'])).toBe(true);
    expect(isSkippedLabel('Balance forward', ['Balance forward'])).toBe(true);
    expect(isSkippedLabel('Balance forward account', ['Balance forward'])).toBe(false);
  });
});
