import { describe, expect, it } from 'vitest';
import { PALETTE, isPaletteColor, rgbColor, toRgb } from './color.ts';

describe('status and label colours', () => {
  it('offer seven presets (§9)', () => {
    expect(PALETTE).toHaveLength(7);
    expect(isPaletteColor(PALETTE[3].value.toLowerCase())).toBe(true);
    expect(isPaletteColor('#123456')).toBe(false);
  });

  it('read the stored forms for the picker, alpha dropped', () => {
    expect(toRgb('#C44D56')).toEqual({ r: 196, g: 77, b: 86 });
    expect(toRgb('#abc')).toEqual({ r: 170, g: 187, b: 204 });
    expect(toRgb('rgba(34, 34, 34, 1)')).toEqual({ r: 34, g: 34, b: 34 });
    expect(toRgb('rgb(300, 0, 0)')).toBeNull();
    expect(toRgb('teal')).toBeNull();
  });

  it('write the picker’s choice as rgb(), which the server accepts', () => {
    expect(rgbColor({ r: 12.4, g: 200, b: 0 })).toBe('rgb(12, 200, 0)');
  });
});
