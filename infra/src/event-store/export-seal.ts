/**
 * Sealing an audit export's readable fields. An export line carries its stored event, which its
 * hash covers, and what the audit trail says of it (the object, the summary; in CSV also the time,
 * the actor's name and the correlation): words worked out from the object's whole history and the
 * users' names, which a filtered export does not hold, so a verifier cannot work them out again.
 * So the server seals them: each line's `seal` is sha256 over its event's hash and its readable
 * fields; the seals run into a digest, and the last line of every step of the export (and the
 * export's last) carries an Ed25519 signature of the digest so far, made with the server's key.
 * A changed readable field no longer matches its line's seal; a seal made again for it, a line
 * removed, added or moved breaks the next signature; a cut-off export lacks its closing one.
 * Anyone with the server's public key (`GET /api/v2/audit/signing-key/`) checks it offline.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hash as digestOf,
  randomUUID,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { canonicalJson } from './hash.ts';

export type ExportFormat = 'ndjson' | 'csv';

/** The readable fields of a line, by format, as the line names them: what its seal covers. */
export const SEALED_FIELDS: Record<ExportFormat, readonly string[]> = {
  ndjson: ['project', 'object', 'summary'],
  csv: ['time', 'actor', 'object_type', 'object_id', 'object_name', 'project', 'summary', 'correlation_id'],
};

/** A line's seal: its event's hash and its readable fields, in SEALED_FIELDS order. */
export function sealOf(hash: string, readable: Readonly<Record<string, unknown>>, format: ExportFormat): string {
  return digestOf('sha256', canonicalJson([hash, SEALED_FIELDS[format].map((field) => readable[field] ?? null)]));
}

/** The seals of an export's lines so far, run into one digest; it starts from the format, so a signature holds for one format only. */
export class SealDigest {
  private digest: string;

  constructor(readonly format: ExportFormat) {
    this.digest = digestOf('sha256', `testament-audit-export:${format}`);
  }

  add(seal: string): void {
    this.digest = digestOf('sha256', this.digest + seal);
  }

  /** What a signature signs: the digest so far, and whether the export ends here. */
  message(last: boolean): Buffer {
    return Buffer.from(`${this.digest}:${last ? 'end' : 'more'}`);
  }
}

/** A key's short name, printed by the verifier and served with the key: a prefix of the sha256 of its public key. */
export function signingKeyId(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

/** A signature as a line writes it: `ed25519 <key id> <end|more> <base64>`. */
export interface ExportSignature {
  keyId: string;
  last: boolean;
  value: string;
}

export function formatSignature(signature: ExportSignature): string {
  return `ed25519 ${signature.keyId} ${signature.last ? 'end' : 'more'} ${signature.value}`;
}

export function parseSignature(text: string): ExportSignature | null {
  const match = /^ed25519 ([0-9a-f]{16}) (end|more) ([A-Za-z0-9+/=]+)$/.exec(text);
  return match ? { keyId: match[1]!, last: match[2] === 'end', value: match[3]! } : null;
}

/** Seals an export's lines as they are written, and signs where a step ends. */
export class ExportSealer {
  private readonly digest: SealDigest;

  constructor(
    private readonly key: KeyObject,
    readonly format: ExportFormat,
  ) {
    this.digest = new SealDigest(format);
  }

  /** The line's seal; the lines must be sealed in the order they are written. */
  seal(hash: string, readable: Readonly<Record<string, unknown>>): string {
    const seal = sealOf(hash, readable, this.format);
    this.digest.add(seal);
    return seal;
  }

  /** The signature for the line sealed last: the end of a step, or (`last`) of the export. */
  sign(last: boolean): string {
    return formatSignature({
      keyId: signingKeyId(this.key),
      last,
      value: sign(null, this.digest.message(last), this.key).toString('base64'),
    });
  }
}

/** Whether `signature` is the trusted key's over the digest so far. */
export function signatureHolds(publicKey: KeyObject, digest: SealDigest, signature: ExportSignature): boolean {
  try {
    return verify(null, digest.message(signature.last), publicKey, Buffer.from(signature.value, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The server's export signing key: an Ed25519 private key in PEM, made at the first start and kept
 * readable by its owner only. Servers that share a log should share the file.
 */
export function loadOrCreateSigningKey(file: string): KeyObject {
  if (!existsSync(file)) {
    // Written whole under a name of its own, then linked into place (which fails if the name is taken): a process starting beside this
    // one reads a whole key or finds none, never the empty file an exclusive create leaves until its write (a cluster's gateway failed so).
    const draft = `${file}.${randomUUID()}.draft`;
    writeFileSync(draft, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      // Another process sharing the directory made it first: that key is the one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return createPrivateKey(readFileSync(file));
}

/** A public key to check exports against: a PEM public key (as the API serves it), or the server's private key file. */
export function trustedKeyFrom(pem: string | Buffer): KeyObject {
  const text = pem.toString();
  return createPublicKey(text.includes('PRIVATE KEY') ? createPrivateKey(text) : text);
}
