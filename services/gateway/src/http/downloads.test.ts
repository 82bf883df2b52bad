import { describe, expect, it } from 'vitest';
import { TEXT_INLINE_TYPE, contentDisposition, inlineTypeOf } from './downloads.ts';

describe('safe downloads', () => {
  it('encodes quotes, backslashes, line breaks and non-ASCII names without breaking the header', () => {
    expect(contentDisposition('attachment', 'a"b\\c\r\nd.txt')).toBe(
      `attachment; filename="a_b_c__d.txt"; filename*=UTF-8''a%22b%5Cc%0D%0Ad.txt`,
    );
    expect(contentDisposition('inline', '日本.png')).toBe(`inline; filename="__.png"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.png`);
  });

  it('shows only proven images and text inline', () => {
    const text = Buffer.from('hello');
    expect(inlineTypeOf({ filename: 'a.png', mimeType: 'text/plain', imageType: 'image/png' }, text)).toBe('image/png');
    expect(inlineTypeOf({ filename: 'a.csv', mimeType: 'text/csv', imageType: null }, text)).toBe(TEXT_INLINE_TYPE);
    expect(inlineTypeOf({ filename: 'a.json', mimeType: 'application/vnd.api+json', imageType: null }, text)).toBe(TEXT_INLINE_TYPE);
    for (const [filename, mimeType] of [
      ['a.txt', 'text/html'],
      ['a.xhtml', 'text/plain'],
      ['a.txt', 'application/xhtml+xml'],
      ['a.svg', 'text/plain'],
      ['a.txt', 'text/javascript'],
      ['a.mjs', 'text/plain'],
      ['a.pdf', 'application/pdf'],
      ['a.png', 'image/png'],
    ] as const) {
      expect(inlineTypeOf({ filename, mimeType, imageType: null }, text), `${filename} ${mimeType}`).toBeNull();
    }
    expect(inlineTypeOf({ filename: 'a.txt', mimeType: 'text/plain', imageType: null }, Buffer.from([1, 0, 2]))).toBeNull();
  });
});
