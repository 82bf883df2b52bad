/**
 * The audit hash chain shared by every EventStore adapter.
 *
 * Each event's hash is sha256 over the canonical JSON of
 * `[previousHash, stream, revision, type, schemaVersion, data, metadata]`,
 * where `previousHash` is the hash of the stream's previous event (null for
 * revision 0). Canonical JSON sorts object keys, so the hash does not depend
 * on key order and can be recomputed by any tool that reads the log.
 */
import { hash as digest } from 'node:crypto';

/** The fields of an event that the hash covers (everything but its position). */
export interface HashedContent {
  stream: string;
  revision: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
}

/**
 * JSON with object keys sorted (recursively). Same value rules as JSON.stringify:
 * `toJSON` is honoured, undefined/function members are dropped, non-finite numbers
 * become null. Throws on BigInt and on cycles.
 */
export function canonicalJson(value: unknown): string {
  const text = writeValue(value, 0);
  if (text === undefined) throw new TypeError('canonicalJson: value is not serialisable');
  return text;
}

// Nesting deeper than this is taken for a cycle (cheaper than tracking ancestors).
const MAX_DEPTH = 512;

function writeValue(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? 'null' : writeObjectLike(value, depth);
    case 'bigint':
      throw new TypeError('canonicalJson: BigInt is not JSON');
    default:
      return undefined; // undefined, function, symbol
  }
}

function writeObjectLike(object: object, depth: number): string | undefined {
  if (depth >= MAX_DEPTH) throw new TypeError('canonicalJson: structure too deep or cyclic');
  const withToJson = object as { toJSON?: (key: string) => unknown };
  if (typeof withToJson.toJSON === 'function') return writeValue(withToJson.toJSON(''), depth + 1);
  return Array.isArray(object) ? writeArray(object, depth + 1) : writeObject(object, depth + 1);
}

function writeArray(items: unknown[], depth: number): string {
  let text = '[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) text += ',';
    text += writeValue(items[i], depth) ?? 'null';
  }
  return text + ']';
}

function writeObject(object: object, depth: number): string {
  const record = object as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = '{';
  for (const key of keys) {
    const member = writeValue(record[key], depth);
    if (member === undefined) continue;
    if (text.length > 1) text += ',';
    text += JSON.stringify(key) + ':' + member;
  }
  return text + '}';
}

/** sha256 hex of an event given its predecessor's hash in the stream. */
export function eventHash(previousHash: string | null, event: HashedContent): string {
  return eventHashOfCanonical(previousHash, event, canonicalJson(event.data), canonicalJson(event.metadata));
}

/**
 * Same as {@link eventHash} for callers that already hold the canonical JSON of
 * data and metadata (the SQLite adapter stores exactly those strings).
 */
export function eventHashOfCanonical(
  previousHash: string | null,
  event: Pick<HashedContent, 'stream' | 'revision' | 'type' | 'schemaVersion'>,
  dataJson: string,
  metadataJson: string,
): string {
  // Equal to canonicalJson([previousHash, stream, revision, type, schemaVersion, data, metadata]), written
  // directly: verifying a log hashes every event, and the head is five plain values.
  const previous = previousHash === null ? 'null' : JSON.stringify(previousHash);
  const content =
    `[${previous},${JSON.stringify(event.stream)},${event.revision},${JSON.stringify(event.type)},` +
    `${event.schemaVersion},${dataJson},${metadataJson}]`;
  return digest('sha256', content, 'hex');
}
