import { z } from 'zod';
import { text } from './validation.ts';

export const imageMessages = {
  invalidUrl: 'Invalid image URL',
  notFound: 'Image not found',
  invalidWidth: 'Width must be a whole number from 16 to 2048',
  invalidQuality: 'Quality must be a whole number from 1 to 100',
} as const;

export const IMAGE_MIN_WIDTH = 16;
export const IMAGE_MAX_WIDTH = 2048;
export const IMAGE_DEFAULT_QUALITY = 75;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The only images the endpoint serves: logos the platform stored itself under unguessable keys. */
export const STORED_LOGO_KEY = new RegExp(`^logos/${UUID}/${UUID}\\.png$`);

/** GET /api/v1/image (spec §7: url, width and quality, quality 75 by default). */
export const imageQuerySchema = z.object({
  url: text({ error: imageMessages.invalidUrl }).regex(STORED_LOGO_KEY, imageMessages.invalidUrl),
  w: z.coerce
    .number({ error: imageMessages.invalidWidth })
    .int(imageMessages.invalidWidth)
    .min(IMAGE_MIN_WIDTH, imageMessages.invalidWidth)
    .max(IMAGE_MAX_WIDTH, imageMessages.invalidWidth),
  q: z.coerce
    .number({ error: imageMessages.invalidQuality })
    .int(imageMessages.invalidQuality)
    .min(1, imageMessages.invalidQuality)
    .max(100, imageMessages.invalidQuality)
    .default(IMAGE_DEFAULT_QUALITY),
});
export type ImageQuery = z.input<typeof imageQuerySchema>;
