// Draws Stint's icons into assets/ as PNGs (run once; the PNGs are committed): a clock face whose
// colour tells the tray state on Windows and Linux, a black-and-alpha template for the macOS menu
// bar, and the app icon. Anti-aliased by 4x4 supersampling; no image library needed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { root } from './electronBinary.mjs';

function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Coverage (0..1) of a clock at unit coordinates: a ring, and hands at 12 and 3 o'clock. */
function clockCoverage(u, v, filled) {
  const dx = u - 0.5,
    dy = v - 0.5,
    d = Math.hypot(dx, dy);
  const hand = (Math.abs(dx) < 0.055 && dy < 0.055 && dy > -0.26) || (Math.abs(dy) < 0.055 && dx > -0.055 && dx < 0.2);
  if (d < 0.36) return filled ? (hand ? 0 : 1) : hand ? 1 : 0; // hands cut out of a filled face, or drawn on an open one
  return d < 0.47 ? 1 : 0;
}

function draw(size, [r, g, b], filled) {
  return png(size, (x, y) => {
    let cover = 0;
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++)
        cover += clockCoverage((x + (i + 0.5) / 4) / size, (y + (j + 0.5) / 4) / size, filled);
    return [r, g, b, Math.round((cover / 16) * 255)];
  });
}

const states = { running: [46, 157, 91], paused: [216, 155, 28], idle: [128, 134, 145], offline: [192, 80, 77] };
const out = join(root, 'assets');
for (const [state, colour] of Object.entries(states)) {
  writeFileSync(join(out, `tray-${state}.png`), draw(16, colour, state !== 'idle'));
  writeFileSync(join(out, `tray-${state}@2x.png`), draw(32, colour, state !== 'idle'));
}
writeFileSync(join(out, 'trayTemplate.png'), draw(16, [0, 0, 0], false));
writeFileSync(join(out, 'trayTemplate@2x.png'), draw(32, [0, 0, 0], false));
writeFileSync(join(out, 'icon.png'), draw(512, [46, 157, 91], true));
console.log('icons written to assets/');
