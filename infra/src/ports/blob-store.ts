/** BlobStore port: uploaded bytes (icons, avatars, attachments) addressed by key. */

export interface Blob {
  bytes: Buffer;
  contentType: string;
}

export interface BlobStore {
  /** Keys are `/`-separated segments of [A-Za-z0-9._-]; anything else is refused. */
  put(key: string, blob: Blob): Promise<void>;
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
  /** Lets go of its connections, if it has any; the store is not used afterwards. */
  close(): Promise<void>;
}
