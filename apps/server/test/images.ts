import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG drawn by libvips. */
export const pngBytes = (width = 400, height = 80, background = { r: 20, g: 90, b: 200 }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A real JPEG: what a "logo.png" that is really a photo looks like. */
export const jpegBytes = (width = 400, height = 80) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();

/** A valid PNG grown to `totalBytes` with a tEXt chunk before IEND (CRC correct, so decoders accept it). */
export async function paddedPng(totalBytes: number): Promise<Buffer> {
  const png = await pngBytes(64, 64);
  const iend = png.length - 12;
  const padding = totalBytes - png.length - 12;
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(Math.max(0, padding - 8), 0x61)]);
  const type = Buffer.from('tEXt', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([png.subarray(0, iend), length, type, data, crc, png.subarray(iend)]);
}
