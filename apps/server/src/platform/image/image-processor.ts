import sharp from 'sharp';

export type OutputFormat = 'webp' | 'png';

// Far above any sensible logo, and a bound on the memory and time one decode may take.
const MAX_INPUT_PIXELS = 50_000_000;

/** The format libvips reads in these bytes ('png', 'jpeg', …), or undefined when it reads none. */
export async function detectImageFormat(bytes: Buffer): Promise<string | undefined> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return metadata.width && metadata.height ? metadata.format : undefined;
  } catch {
    return undefined;
  }
}

/** Scales down to `width` (never up) and encodes as WebP or PNG. */
export async function renderImage(
  bytes: Buffer,
  options: { width: number; quality: number; format: OutputFormat },
): Promise<Buffer> {
  const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).resize({
    width: options.width,
    withoutEnlargement: true,
  });
  return options.format === 'webp'
    ? pipeline.webp({ quality: options.quality }).toBuffer()
    : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}
