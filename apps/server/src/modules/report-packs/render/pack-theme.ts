/** The colours a pack uses beside the organization's own, the same as the web preview's. */
export const SERIES_COLOURS = ['#2563eb', '#16a34a', '#dc2626', '#f59e0b', '#7c3aed', '#0891b2'];
export const GOOD_NEWS = '#16a34a';
export const BAD_NEWS = '#dc2626';
export const MUTED_TEXT = '#6b7280';
export const HAIRLINE = '#d1d5db';
export const BODY_TEXT = '#111827';

/** White or near-black, whichever reads on the colour: an organization may choose a pale one. */
export function textColourOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  // WCAG relative luminance; 0.179 is where white and black give the same contrast.
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? BODY_TEXT : '#ffffff';
}

/** Whether a KPI's change is good news: a rise of what should rise, a fall of a cost; none is neutral. */
export const isGoodNews = (change: number | null, higherIsBetter: boolean) =>
  change === null || change === 0 || change > 0 === higherIsBetter;
