// A minimal PNG encoder for the tray icons: 8-bit RGBA, no interlace, every scanline with filter
// "none", compressed with node:zlib's deflate. Tray icons are at most 64x64, so a smarter filter
// would save a few hundred bytes at most; what matters is that encoding costs microseconds.

import { deflateSync } from 'node:zlib';

/** An RGBA image, row by row, 4 bytes a pixel, not premultiplied. */
export interface Rgba {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// CRC-32 as PNG (and zlib, gzip) define it: polynomial 0xEDB88320, reflected, inverted.
// Written here because node:zlib's crc32 arrived only in Node 20.15.
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(...parts: Uint8Array[]): number {
  let c = 0xffffffff;
  for (const bytes of parts) for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
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
