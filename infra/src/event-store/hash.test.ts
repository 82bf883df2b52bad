import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash } from './hash.ts';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('follows JSON.stringify for values JSON cannot hold', () => {
    const value = { u: undefined, f: () => 1, n: Number.NaN, d: new Date(0), list: [undefined, Infinity] };
    expect(canonicalJson(value)).toBe('{"d":"1970-01-01T00:00:00.000Z","list":[null,null],"n":null}');
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('refuses BigInt and cycles', () => {
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
  });
});

describe('eventHash', () => {
  const content = { stream: 'case-1', revision: 0, type: 'CaseCreated', schemaVersion: 1, data: { b: 2, a: 1 }, metadata: {} };

  it('is sha256 over the canonical JSON of the predecessor hash and the content', () => {
    const expected = createHash('sha256').update('[null,"case-1",0,"CaseCreated",1,{"a":1,"b":2},{}]').digest('hex');
    expect(eventHash(null, content)).toBe(expected);
  });

  it('does not depend on key order but on every field and on the predecessor', () => {
    const hash = eventHash(null, content);
    expect(eventHash(null, { ...content, data: { a: 1, b: 2 } })).toBe(hash);
    expect(eventHash('0'.repeat(64), content)).not.toBe(hash);
    expect(eventHash(null, { ...content, revision: 1 })).not.toBe(hash);
    expect(eventHash(null, { ...content, schemaVersion: 2 })).not.toBe(hash);
    expect(eventHash(null, { ...content, stream: 'case-2' })).not.toBe(hash);
  });
});
