import type { WebImageType } from '@testament/contracts';
import type { FastifyReply } from 'fastify';

/** Kinds a browser would run or render as a document: never shown inline, whatever type they claim. */
const ACTIVE_EXTENSIONS = new Set(['html', 'htm', 'xhtml', 'xht', 'shtml', 'svg', 'svgz', 'xml', 'xsl', 'xslt', 'js', 'mjs', 'cjs']);
const ACTIVE_TYPE = /html|xml|svg|javascript|ecmascript/;
/** Declared types besides `text/*` whose content is plain text. */
const TEXT_TYPES = new Set([
  'application/json',
  'application/x-ndjson',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/sql',
  'application/x-sh',
]);
/** A NUL byte this early means binary content, whatever the declared type says. */
const TEXT_PROBE_BYTES = 8192;

export const TEXT_INLINE_TYPE = 'text/plain; charset=utf-8';

export interface StoredUpload {
  filename: string;
  /** The type the upload declared: a hint, never served. */
  mimeType: string;
  /** The type the bytes proved to be, for images. */
  imageType: WebImageType | null;
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * The type an upload may be shown inline with (§5 uploads): an image's own
 * type once its bytes proved it, plain text for text-like files, and null —
 * download only — for everything else, markup and scripts always.
 */
export function inlineTypeOf(upload: StoredUpload, bytes: Buffer): string | null {
  if (upload.imageType) return upload.imageType;
  const declared = upload.mimeType.toLowerCase();
  if (ACTIVE_EXTENSIONS.has(extensionOf(upload.filename)) || ACTIVE_TYPE.test(declared)) return null;
  const textual = declared.startsWith('text/') || TEXT_TYPES.has(declared) || declared.endsWith('+json');
  return textual && !bytes.subarray(0, TEXT_PROBE_BYTES).includes(0) ? TEXT_INLINE_TYPE : null;
}

/** RFC 6266 with an ASCII fallback and the exact name as RFC 5987 `filename*`; safe for any file name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Uploaded bytes, served so that the browser never sniffs or runs them:
 * inline only with a type the server established, otherwise as a download
 * of opaque bytes; sandboxed either way.
 */
export function sendDownload(reply: FastifyReply, file: { bytes: Buffer; filename: string; inlineType: string | null }): FastifyReply {
  return reply
    .type(file.inlineType ?? 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(file.inlineType ? 'inline' : 'attachment', file.filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', 'sandbox')
    .header('Cache-Control', 'private, max-age=86400')
    .send(file.bytes);
}
