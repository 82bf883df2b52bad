import { describe, expect, it } from 'vitest';
import { clampCrop, cropFractions, defaultCrop, isTooSmall, resizeCrop } from './crop.ts';
import { isPngOrJpeg } from './picture-file.ts';

const square = { width: 400, height: 400 };
const wide = { width: 900, height: 300 };

describe('the avatar crop', () => {
  it('starts as a 50% square at 25%, 25% (§2 Profile)', () => {
    expect(cropFractions(defaultCrop(square), square)).toEqual({ left: 0.25, upper: 0.25, right: 0.75, lower: 0.75 });
  });

  it('stays square in pixels on a picture that is not', () => {
    const crop = defaultCrop(wide);
    expect(crop).toEqual({ x: 225, y: 75, size: 150 });
    expect(cropFractions(crop, wide)).toEqual({ left: 0.25, upper: 0.25, right: 0.416667, lower: 0.75 });
  });

  it('gives fractions to 6 decimals', () => {
    const fractions = cropFractions({ x: 1, y: 2, size: 100 }, { width: 301, height: 303 });
    for (const value of Object.values(fractions)) expect(value.toString()).toMatch(/^\d(\.\d{1,6})?$/);
  });

  it('keeps at least 10x10, at most the shorter side, and inside the picture', () => {
    expect(clampCrop({ x: -20, y: 390, size: 4 }, square)).toEqual({ x: 0, y: 390, size: 10 });
    expect(clampCrop({ x: 0, y: 0, size: 1000 }, wide)).toEqual({ x: 0, y: 0, size: 300 });
    expect(resizeCrop({ x: 0, y: 0, size: 300 }, 50, wide)).toEqual({ x: 0, y: 0, size: 300 });
    expect(resizeCrop({ x: 100, y: 100, size: 100 }, -20, square)).toEqual({ x: 110, y: 110, size: 80 });
  });

  it('refuses a picture smaller than 10x10', () => {
    expect(isTooSmall({ width: 9, height: 300 })).toBe(true);
    expect(isTooSmall({ width: 10, height: 10 })).toBe(false);
  });
});

describe('a chosen picture', () => {
  it('is a png or a jpeg by its content, not its name', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])]);
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]);
    const gif = new Blob(['GIF89a']);
    expect(await isPngOrJpeg(png)).toBe(true);
    expect(await isPngOrJpeg(jpeg)).toBe(true);
    expect(await isPngOrJpeg(gif)).toBe(false);
    expect(await isPngOrJpeg(new Blob([]))).toBe(false);
  });
});
