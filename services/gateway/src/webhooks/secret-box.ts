import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** The key that seals webhook secrets, in the data directory (32 random bytes, readable by its owner only). */
export const WEBHOOK_SECRETS_KEY_FILE = 'webhook-secrets.key';

const VERSION = 'v1';
const AAD = Buffer.from('testament webhook secret');

/**
 * Seals webhook secrets with AES-256-GCM under a key kept beside the log, never in it: the log, its exports and
 * the read models hold only sealed secrets, which the server opens when it signs a delivery or shows a new secret.
 * Losing the key loses the secrets (rotate them); whoever holds the key and the log holds the secrets.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** The directory's key, made on first use; made once even when several processes start together. */
  static inFile(file: string): SecretBox {
    if (!existsSync(file)) {
      // Written whole under another name, then linked: a process that finds the name finds the whole key.
      const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(draft, randomBytes(32), { mode: 0o600 });
      try {
        linkSync(draft, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        rmSync(draft, { force: true });
      }
    }
    const key = readFileSync(file);
    if (key.length !== 32) throw new Error(`${file} is not a webhook secrets key (32 bytes)`);
    return new SecretBox(key);
  }

  static withKey(key: Buffer): SecretBox {
    return new SecretBox(key);
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(AAD);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  open(sealed: string): string {
    const [version, iv, body] = sealed.split('.');
    if (version !== VERSION || !iv || !body) throw new Error('not a sealed webhook secret');
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url')).setAAD(AAD);
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  }
}

/** A new secret: 32 random bytes, prefixed so it is recognisable in a receiver's configuration. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
