import { describe, expect, it } from 'vitest';
import { createSheetNamer } from './sheet-names.ts';

describe('createSheetNamer', () => {
  it('keeps a valid title as it is', () => {
    expect(createSheetNamer()('Profit & Loss')).toBe('Profit & Loss');
  });

  it('replaces the characters Excel forbids and cuts to 31 characters', () => {
    const name = createSheetNamer();
    expect(name('Budget [Q3]: actual/plan?*\\')).toBe('Budget Q3 actual plan');
    expect(name('A statement with a very long title indeed')).toBe('A statement with a very long ti');
    expect(name("'Quoted'")).toBe('Quoted');
    expect(name(' :/ ')).toBe('Sheet');
  });

  it('makes a repeated name unique within 31 characters, comparing without case', () => {
    const name = createSheetNamer();
    expect(name('KPIs')).toBe('KPIs');
    expect(name('kpis')).toBe('kpis (2)');
    expect(name('KPIs')).toBe('KPIs (3)');
    const long = 'Profit and loss by department and month';
    expect(name(long)).toBe('Profit and loss by department a');
    expect(name(long)).toBe('Profit and loss by departme (2)');
  });

  it('never gives the name Excel reserves', () => {
    expect(createSheetNamer()('History')).toBe('History (2)');
  });
});
