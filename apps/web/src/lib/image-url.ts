/** The platform's image endpoint for a stored image (organization logos), resized (spec §7, quality 75). */
export function imageUrl(storedPath: string, width: number, quality = 75): string {
  const query = new URLSearchParams({ url: storedPath, w: String(width), q: String(quality) });
  return `/api/v1/image?${query.toString()}`;
}
