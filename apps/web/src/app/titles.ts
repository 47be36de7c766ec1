import { PRODUCT_NAME } from '@finboard/shared/constants';

export const HOME_TITLE = `${PRODUCT_NAME} Homepage`;
/** The router gives the catch-all route this title (its `handle`), whatever the path says. */
export const NOT_FOUND_TITLE = 'Page not found';

/** Acronyms and the product's own names, which capitalising the path would spell wrong. */
const TITLE_EXCEPTIONS: Record<string, string> = {
  faq: 'FAQ',
  'db-chat': 'Chat DB',
  datatypemaster: 'Data Type Master',
};

/**
 * Spec §2: the title derives from the path — words capitalised, hyphens turned into spaces; home is
 * the product's homepage; anything else falls back to the product name. Exceptions: TITLE_EXCEPTIONS.
 */
export function titleForPath(pathname: string): string {
  if (pathname === '/' || pathname === '') return HOME_TITLE;
  const first = pathname.split('/').find((segment) => segment.length > 0);
  if (!first) return PRODUCT_NAME;
  const exception = TITLE_EXCEPTIONS[first.toLowerCase()];
  if (exception) return exception;
  const words = decodeURIComponent(first)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : PRODUCT_NAME;
}
