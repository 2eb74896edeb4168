import { describe, expect, it } from 'vitest';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { crc32, encodePng, PNG_SIGNATURE } from '../../../../../main/core/views/trayIcon/png';
import { decodePng } from '../../support/pngDecode';

describe('the tray icon PNG encoder', () => {
  it('computes CRC-32 as PNG defines it', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926); // the standard check value
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7919) & 0xff));
    expect(crc32(bytes)).toBe(zlibCrc32(bytes) >>> 0);
    expect(crc32(bytes.subarray(0, 300), bytes.subarray(300))).toBe(crc32(bytes));
  });

  it('writes signature, IHDR, IDAT and IEND with valid CRCs, and the pixels read back unchanged', () => {
    const width = 7;
    const height = 5;
    const pixels = Uint8Array.from({ length: width * height * 4 }, (_, i) => (i * 37 + 11) & 0xff);
    const png = encodePng({ width, height, pixels });
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const decoded = decodePng(png);
    expect(decoded.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([decoded.width, decoded.height]).toEqual([width, height]);
    expect(decoded.pixels).toEqual(pixels);
    expect(decoded.at(6, 4)).toEqual([...pixels.subarray(136, 140)]);
  });

  it('is caught by the decoder when a byte is damaged (the round trip checks something)', () => {
    const png = encodePng({ width: 2, height: 2, pixels: new Uint8Array(16).fill(200) });
    png[20] ^= 1; // inside IHDR's data
    expect(() => decodePng(png)).toThrow('bad CRC in IHDR');
  });

  it('refuses pixels that do not match the size', () => {
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(15) })).toThrow();
  });
});
