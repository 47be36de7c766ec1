import type { CanvasElement, Content } from 'pdfmake';
import type { PackDocumentPage } from '@finboard/shared/report-packs';
import { HAIRLINE, MUTED_TEXT, SERIES_COLOURS } from './pack-theme.ts';

type ChartPage = Extract<PackDocumentPage, { kind: 'chart' }>;

const AXIS_WIDTH = 44;
const AXIS_FONT_SIZE = 7;
const ZERO_LINE = '#9ca3af';
/** Tick labels as the preview's axis shows them: 120K, 1.2M. */
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** An axis from `min` to `max` (both including zero) in round steps. */
export interface Scale {
  min: number;
  max: number;
  ticks: number[];
}

/** Round ticks (1, 2 or 5 times a power of ten) covering the values and zero. */
export function niceScale(values: readonly (number | null)[], tickCount = 5): Scale {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  const low = Math.min(0, ...known);
  const high = Math.max(0, ...known);
  if (low === high) return { min: 0, max: 1, ticks: [0, 1] };
  const rough = (high - low) / tickCount;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // toPrecision: 0.1 + 0.2 is not 0.3 in binary, and a tick label must not say so.
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return { min, max, ticks };
}

/** Runs of consecutive known values as points: a missing month breaks a line rather than dropping to zero. */
function segments(values: readonly (number | null)[], x: (index: number) => number, y: (value: number) => number) {
  const runs: { x: number; y: number }[][] = [];
  let run: { x: number; y: number }[] = [];
  values.forEach((value, index) => {
    if (value === null) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push({ x: x(index), y: y(value) });
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * A chart page drawn in vectors: bars grouped per category and lines on one value axis with round ticks, the
 * categories under their slots and a legend; colours the organization's first, then the preview's palette.
 */
export function chartContent(page: ChartPage, colour: string, currency: string, width: number): Content {
  if (page.categories.length === 0 || page.series.length === 0)
    return { text: 'No figures for this chart.', style: 'muted' };
  const colours = [colour, ...SERIES_COLOURS];
  const plotWidth = width - AXIS_WIDTH;
  const plotHeight = page.orientation === 'landscape' ? 300 : 280;
  const scale = niceScale(page.series.flatMap((series) => series.values));
  const y = (value: number) => plotHeight - ((value - scale.min) / (scale.max - scale.min)) * plotHeight;
  const slot = plotWidth / page.categories.length;
  const centre = (index: number) => index * slot + slot / 2;

  const grid: CanvasElement[] = scale.ticks.map((tick) => ({
    type: 'line',
    x1: 0,
    y1: y(tick),
    x2: plotWidth,
    y2: y(tick),
    lineWidth: tick === 0 ? 0.75 : 0.4,
    lineColor: tick === 0 ? ZERO_LINE : HAIRLINE,
  }));
  const bars = page.series.filter((series) => series.type === 'bar');
  const group = slot * 0.7;
  const barWidth = group / Math.max(1, bars.length);
  const barShapes = bars.flatMap((series, order): CanvasElement[] => {
    const fill = colours[page.series.indexOf(series) % colours.length]!;
    return series.values.flatMap((value, index): CanvasElement[] => {
      if (value === null || value === 0) return [];
      const top = y(Math.max(value, 0));
      const x = index * slot + (slot - group) / 2 + order * barWidth;
      return [{ type: 'rect', x, y: top, w: Math.max(barWidth - 1, 0.5), h: y(Math.min(value, 0)) - top, color: fill }];
    });
  });
  const lineShapes = page.series
    .filter((series) => series.type === 'line')
    .flatMap((series): CanvasElement[] => {
      const stroke = colours[page.series.indexOf(series) % colours.length]!;
      return segments(series.values, centre, y).flatMap((points): CanvasElement[] => [
        ...(points.length > 1 ? [{ type: 'polyline' as const, points, lineWidth: 1.5, lineColor: stroke }] : []),
        ...points.map((point) => ({
          type: 'ellipse' as const,
          x: point.x,
          y: point.y,
          r1: 1.8,
          r2: 1.8,
          color: stroke,
        })),
      ]);
    });

  const tickLabels: Content[] = scale.ticks.map((tick) => ({
    text: compact.format(tick),
    fontSize: AXIS_FONT_SIZE,
    color: MUTED_TEXT,
    alignment: 'right',
    // Detached from the flow, so each label sits at its gridline however many there are.
    relativePosition: { x: -4, y: y(tick) - AXIS_FONT_SIZE / 2 - 1 },
  }));
  const categoryLabels: Content[] = page.categories.map((category) => ({
    width: slot,
    text: category,
    fontSize: AXIS_FONT_SIZE,
    color: MUTED_TEXT,
    alignment: 'center',
  }));
  return {
    stack: [
      { text: currency, fontSize: AXIS_FONT_SIZE, color: MUTED_TEXT, margin: [0, 0, 0, 4] },
      {
        columns: [
          { width: AXIS_WIDTH, stack: tickLabels },
          { width: plotWidth, canvas: [...grid, ...barShapes, ...lineShapes] },
        ],
      },
      { columns: [{ width: AXIS_WIDTH, text: '' }, ...categoryLabels], margin: [0, 4, 0, 0] },
      { columns: legend(page.series, colours), columnGap: 12, margin: [AXIS_WIDTH, 12, 0, 0] },
    ],
  };
}

function legend(series: ChartPage['series'], colours: string[]): Content[] {
  return series.map((entry, index) => {
    const swatchColour = colours[index % colours.length]!;
    const swatch: CanvasElement =
      entry.type === 'bar'
        ? { type: 'rect', x: 0, y: 1, w: 10, h: 7, color: swatchColour }
        : { type: 'line', x1: 0, y1: 4.5, x2: 10, y2: 4.5, lineWidth: 1.5, lineColor: swatchColour };
    return {
      width: 'auto',
      columns: [
        { width: 14, canvas: [swatch] },
        { width: 'auto', text: entry.label, fontSize: 8 },
      ],
    };
  });
}

/** A KPI's twelve months as a small line, scaled to its own range; a missing month breaks the line. */
export function sparkline(values: readonly (number | null)[], colour: string, width = 90, height = 18): Content {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return { text: '' };
  const low = Math.min(...known);
  const high = Math.max(...known);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (value: number) => (high === low ? height / 2 : height - ((value - low) / (high - low)) * height);
  const shapes = segments(values, (index) => index * step, y).flatMap((points): CanvasElement[] =>
    points.length > 1
      ? [{ type: 'polyline', points, lineWidth: 1.2, lineColor: colour }]
      : [{ type: 'ellipse', x: points[0]!.x, y: points[0]!.y, r1: 1.2, r2: 1.2, color: colour }],
  );
  return { canvas: shapes };
}
