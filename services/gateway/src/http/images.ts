import type { WebImageType } from '@testament/contracts';
import type { FastifyReply } from 'fastify';

/** Image uploads are accepted by their bytes, never by the name or the declared type. */
export type ImageType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const startsWith = (bytes: Buffer, text: string, at = 0) => bytes.subarray(at, at + text.length).toString('latin1') === text;

/** The image format the bytes start with: png, jpeg, gif or webp by their magic bytes. */
export function detectWebImageType(bytes: Buffer): WebImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'image/gif';
  if (bytes.length >= 12 && startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'image/webp';
  return null;
}

/** Icons and avatars: png or jpeg only. */
export function detectImageType(bytes: Buffer): ImageType | null {
  const type = detectWebImageType(bytes);
  return type === 'image/png' || type === 'image/jpeg' ? type : null;
}

/** Image bytes with their stored type, never sniffed by the browser (§5 uploads). */
export function sendImage(reply: FastifyReply, blob: { bytes: Buffer; contentType: string }): FastifyReply {
  return reply
    .type(blob.contentType)
    .header('Cache-Control', 'private, max-age=86400')
    .header('X-Content-Type-Options', 'nosniff')
    .send(blob.bytes);
}
