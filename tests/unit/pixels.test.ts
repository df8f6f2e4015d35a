// The pixel comparison of the partner-page checks (tests/browser/fixtures/pixels.ts): Firefox
// rounds a widget at a fractional position one pixel up on one page and down on the other,
// which must not count, while a host rule that got through must.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { comparePngs } from '../browser/fixtures/pixels.ts';

/** A 60×40 white picture with a dark 20×10 bar whose top-left corner is at (x, y), in `colour`. */
function picture(x: number, y: number, colour: [number, number, number] = [20, 30, 40]): Buffer {
  const png = new PNG({ width: 60, height: 40 });
  for (let py = 0; py < 40; py++)
    for (let px = 0; px < 60; px++) {
      const i = (py * 60 + px) * 4;
      const bar = px >= x && px < x + 20 && py >= y && py < y + 10;
      png.data.set(bar ? [...colour, 255] : [255, 255, 255, 255], i);
    }
  return PNG.sync.write(png);
}

describe('comparing two screenshots of a widget', () => {
  it('finds the whole edge of a bar drawn one pixel lower when no rounding is allowed', () => {
    // The bar's top row (20 px) is white on one and dark on the other, and so is the row under its bottom.
    expect(comparePngs(picture(10, 10), picture(10, 11)).diffPixels).toBe(40);
  });

  it('counts nothing when the same widget is drawn one pixel lower or further right, with 1 px of rounding', () => {
    expect(comparePngs(picture(10, 10), picture(10, 11), undefined, { roundingPx: 1 })).toMatchObject({
      sameSize: true,
      diffPixels: 0,
    });
    expect(comparePngs(picture(11, 10), picture(10, 10), undefined, { roundingPx: 1 }).diffPixels).toBe(0);
  });

  it('still counts a colour the host changed, at every offset', () => {
    // 20 × 10 = 200 pixels of the bar in red instead of dark blue-grey.
    const changed = comparePngs(picture(10, 10), picture(10, 10, [200, 0, 0]), undefined, { roundingPx: 1 });
    expect(changed.diffPixels).toBe(200);
    expect(changed.ratio).toBeCloseTo(200 / (60 * 40), 6);
  });

  it('refuses pictures two pixels apart in size with 1 px of rounding', () => {
    const taller = new PNG({ width: 60, height: 42 });
    taller.data.fill(255);
    expect(comparePngs(picture(10, 10), PNG.sync.write(taller), undefined, { roundingPx: 1 }).sameSize).toBe(false);
  });
});
