import type { CSSProperties } from 'react';
import { ORGANIZATION_NAME_LONG, ORGANIZATION_NAME_VERY_LONG } from '@finboard/shared/constants';

export type OrganizationNameLength = 'normal' | 'long' | 'very-long';

/** Spec §2/§9: the header styles a name longer than 15 characters differently, and again past 25. */
export function organizationNameLength(name: string): OrganizationNameLength {
  // Characters as people count them, not UTF-16 units.
  const length = Array.from(name.trim()).length;
  if (length > ORGANIZATION_NAME_VERY_LONG) return 'very-long';
  if (length > ORGANIZATION_NAME_LONG) return 'long';
  return 'normal';
}

const ellipsis: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

export const ORGANIZATION_NAME_STYLES: Record<OrganizationNameLength, CSSProperties> = {
  normal: { fontSize: 16, fontWeight: 600 },
  long: { ...ellipsis, fontSize: 14, fontWeight: 600, maxWidth: 200 },
  'very-long': { ...ellipsis, fontSize: 12, fontWeight: 600, maxWidth: 180 },
};
