import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, hex; only its sha256 is ever stored. */
export function newApiTokenKey(): string {
  return randomBytes(32).toString('hex');
}

export function apiTokenHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** How URLs name a token: a prefix of its hash, so the key itself never has to appear in a URL or a log. */
export function apiTokenId(tokenHash: string): string {
  return tokenHash.slice(0, 20);
}

/** `Authorization: Token <key>`: the key, or undefined when the header uses another scheme or none. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const match = /^Token\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
