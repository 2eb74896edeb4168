// A minimal PNG encoder for the tray icons: 8-bit RGBA, no interlace, every scanline with filter
// "none", compressed with node:zlib's deflate. Tray icons are at most 64x64, so a smarter filter
// would save a few hundred bytes at most; what matters is that encoding costs microseconds.
//
// Why PNG, when nativeImage also takes raw pixels (createFromBitmap, or addRepresentation with
// width and height): Electron reads a raw buffer as Skia's N32 premultiplied format, whose byte
// order is the platform build's (BGRA where Chromium ships today) and whose alpha must be
// premultiplied, neither of which anything here can check without an Electron binary (these build
// machines have none; the stand-in keeps buffers as given). A PNG says its own format, is what the
// tests decode and compare, and costs microseconds once a minute per image.

import { crc32 as zlibCrc32, deflateSync } from 'node:zlib';

/** An RGBA image, row by row, 4 bytes a pixel, not premultiplied. */
export interface Rgba {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** CRC-32 as PNG defines it (zlib's), over the parts one after another. */
export function crc32(...parts: Uint8Array[]): number {
  return parts.reduce((crc, bytes) => zlibCrc32(bytes, crc), 0) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8), data), 8 + data.length);
  return out;
}

export function encodePng({ width, height, pixels }: Rgba): Buffer {
  if (pixels.length !== width * height * 4)
    throw new Error(`expected ${width * height * 4} bytes of RGBA, got ${pixels.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, adaptive filters, no interlace
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height); // each row: filter byte 0, then its pixels
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
