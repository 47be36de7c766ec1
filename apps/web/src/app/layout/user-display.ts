/** Spec §2: avatar initials of the full name ('U' if none) and the full name ('Unknown' if none). */
export function initialsOf(fullName: string | undefined | null): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

export const displayNameOf = (fullName: string | undefined | null): string => fullName?.trim() || 'Unknown';
