export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** The status palette (§9): seven preset colours; anything else comes from the rgb picker. */
export const PALETTE = [
  { name: 'red', value: '#D64545' },
  { name: 'orange', value: '#E8833A' },
  { name: 'yellow', value: '#E5B931' },
  { name: 'green', value: '#3FA66B' },
  { name: 'teal', value: '#2A9D9A' },
  { name: 'blue', value: '#3C78D8' },
  { name: 'purple', value: '#8E5CC4' },
] as const;

/** A stored colour (#hex, rgb() or rgba(), §3.8) as red, green and blue; alpha is dropped, the picker has none. */
export function toRgb(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{1,2})?$/i.exec(color.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    return { r: parseInt(digits.slice(0, 2), 16), g: parseInt(digits.slice(2, 4), 16), b: parseInt(digits.slice(4, 6), 16) };
  }
  const functional = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(,[^)]*)?\)$/i.exec(color.trim());
  if (!functional) return null;
  const [r, g, b] = functional.slice(1, 4).map(Number) as [number, number, number];
  return [r, g, b].every((channel) => channel <= 255) ? { r, g, b } : null;
}

/** What the picker chose, as the server stores it. */
export function rgbColor({ r, g, b }: Rgb): string {
  return `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
}

export function isPaletteColor(color: string): boolean {
  return PALETTE.some((preset) => preset.value.toLowerCase() === color.trim().toLowerCase());
}
