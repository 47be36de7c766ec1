// One rule for the rows shown on the screen and in report packs.
export { visibleRows } from '@finboard/shared/report-format';

/**
 * How a statement's figures are shown (issue 25 §2), kept in the URL beside its filters so a reload, a shared
 * link and the printout keep them: `units=thousands`, `negatives=brackets`, `zeros=hide`. They change the
 * presentation only; the API's figures stay in units with two decimals.
 */
export interface ReportDisplay {
  thousands: boolean;
  brackets: boolean;
  hideZeroRows: boolean;
}

export const DEFAULT_DISPLAY: ReportDisplay = { thousands: false, brackets: false, hideZeroRows: false };

const PARAMS = {
  thousands: ['units', 'thousands'],
  brackets: ['negatives', 'brackets'],
  hideZeroRows: ['zeros', 'hide'],
};

export function displayFromSearch(search: URLSearchParams): ReportDisplay {
  const on = ([param, value]: string[]) => search.get(param!) === value;
  return { thousands: on(PARAMS.thousands), brackets: on(PARAMS.brackets), hideZeroRows: on(PARAMS.hideZeroRows) };
}

/** The URL's search with this display, every other parameter kept; the defaults leave no parameter. */
export function searchWithDisplay(search: URLSearchParams, display: ReportDisplay): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of Object.keys(PARAMS) as (keyof ReportDisplay)[]) {
    const [param, value] = PARAMS[key];
    if (display[key]) next.set(param!, value!);
    else next.delete(param!);
  }
  return next;
}

/** "USD" or "USD thousands": what the figures are in, for the statement's header. */
export const unitsCaption = (currency: string, display: ReportDisplay) =>
  display.thousands ? `${currency} thousands` : currency;
