import { describe, expect, it } from 'vitest';
import { DeclaredFileTypes } from './part-headers.ts';

const body = [
  '--XyZ\r\nContent-Disposition: form-data; name="project"\r\n\r\n3\r\n',
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG--XyZ\r\n\r\n\r\n',
  '--XyZ\r\ncontent-disposition: form-data; name="file"; filename="b.txt"\r\n\r\nno type\r\n',
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="c.txt"\r\nContent-Type: \r\n\r\nempty type\r\n',
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8\'\'d.txt\r\nContent-Type: text/plain\r\n\r\nok\r\n',
  '--XyZ--\r\n',
].join('');

function scan(chunkSize: number): boolean[] {
  const types = new DeclaredFileTypes('XyZ');
  const bytes = Buffer.from(body, 'latin1');
  for (let at = 0; at < bytes.length; at += chunkSize) types.push(bytes.subarray(at, at + chunkSize));
  return [0, 1, 2, 3, 4].map((index) => types.declaredType(index));
}

describe('declared file types', () => {
  it('notes, per part that names a file, whether it declared a Content-Type, however the body is split', () => {
    for (const chunkSize of [1, 2, 3, 7, 16, 64, body.length]) {
      // a.png, b.txt (none), c.txt (empty), d.txt; a fifth file it never saw counts as declared.
      expect(scan(chunkSize), `chunks of ${chunkSize}`).toEqual([true, false, false, true, true]);
    }
  });
});
