#!/usr/bin/env node
/**
 * Draws the app icons (an open book under a lamp, on the brand green) as PNGs with pngjs:
 * 192 and 512 px, plus a maskable 512 px whose mark sits inside the 80% safe zone.
 */
import { PNG } from 'pngjs';
import { writeFileSync } from 'node:fs';

const GREEN = [0x2f, 0x5d, 0x50];
const PAPER = [0xf7, 0xf5, 0xf0];
const PAGE = [0xdf, 0xe9, 0xe5];
const LAMP = [0xf2, 0xc9, 0x4c];

/** Shapes in a 64-unit design space, as inside(x, y) tests; later shapes paint over earlier ones. */
function shapes(inset) {
  const s = (v) => inset + v * (1 - (2 * inset) / 64);
  const page = (x0, x1) => (x, y) => {
    // A page is a quadrilateral whose top and bottom edges bow slightly.
    const t = (x - s(x0)) / (s(x1) - s(x0));
    if (t < 0 || t > 1) return false;
    const top = s(20) + Math.sin(t * Math.PI) * 1.2 * (1 - (2 * inset) / 64);
    const bottom = s(47) + (x0 < 32 ? 1 - t : t) * 0 - Math.sin(t * Math.PI) * 0.8;
    return y >= top && y <= bottom;
  };
  const circle = (cx, cy, r) => (x, y) => (x - s(cx)) ** 2 + (y - s(cy)) ** 2 <= (r * (1 - (2 * inset) / 64)) ** 2;
  /** @type {[(x: number, y: number) => boolean, number[]][]} */
  const layers = [
    [page(14, 31.5), PAPER],
    [page(32.5, 50), PAGE],
    [circle(46, 13, 5), LAMP],
  ];
  return layers;
}

function roundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 64 - radius);
  const cy = Math.min(Math.max(y, radius), 64 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function draw(size, { maskable }) {
  const png = new PNG({ width: size, height: size });
  const layers = shapes(maskable ? 8 : 0);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          // Maskable icons fill the whole square: the platform applies its own mask.
          if (!maskable && !roundedSquare(x, y, 14)) continue;
          let colour = GREEN;
          for (const [inside, c] of layers) if (inside(x, y)) colour = c;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 255;
        }
      }
      const n = samples * samples;
      const i = (py * size + px) * 4;
      const coverage = a / n / 255;
      png.data[i] = coverage ? r / (a / 255) : 0;
      png.data[i + 1] = coverage ? g / (a / 255) : 0;
      png.data[i + 2] = coverage ? b / (a / 255) : 0;
      png.data[i + 3] = Math.round(a / n);
    }
  }
  return PNG.sync.write(png);
}

writeFileSync('public/icons/icon-192.png', draw(192, { maskable: false }));
writeFileSync('public/icons/icon-512.png', draw(512, { maskable: false }));
writeFileSync('public/icons/maskable-512.png', draw(512, { maskable: true }));
console.log('wrote public/icons/{icon-192,icon-512,maskable-512}.png');
