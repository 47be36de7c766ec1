import { PRODUCT_NAME } from '@finboard/shared/constants';

export const HOME_TITLE = `${PRODUCT_NAME} Homepage`;

/**
 * Spec §2: the title derives from the path — words capitalised, hyphens turned into spaces; home is
 * the product's homepage; anything else falls back to the product name.
 */
export function titleForPath(pathname: string): string {
  if (pathname === '/' || pathname === '') return HOME_TITLE;
  const first = pathname.split('/').find((segment) => segment.length > 0);
  if (!first) return PRODUCT_NAME;
  const words = decodeURIComponent(first)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : PRODUCT_NAME;
}
