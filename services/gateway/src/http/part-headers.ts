import type { IncomingMessage } from 'node:http';

const HEADERS_END = Buffer.from('\r\n\r\n');
/** Part headers longer than this are not looked at (busboy refuses far smaller ones). */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * Which file parts of a multipart body declared a Content-Type. Busboy
 * reports a part without one as text/plain (RFC 7578 §4.4), but an upload
 * without a MIME type is refused (§3.12), so the raw part headers are
 * watched as the body streams past. Only part headers are kept.
 */
export class DeclaredFileTypes {
  private readonly delimiter: Buffer;
  /** The first delimiter has no line break before it: pretend there was one. */
  private pending = Buffer.from('\r\n');
  private readonly declared: boolean[] = [];
  private gaveUp = false;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  push(chunk: Buffer): void {
    if (this.gaveUp) return;
    const data = Buffer.concat([this.pending, chunk]);
    let from = 0;
    for (;;) {
      const at = data.indexOf(this.delimiter, from);
      if (at < 0) {
        this.pending = Buffer.from(data.subarray(Math.max(from, data.length - this.delimiter.length + 1)));
        return;
      }
      const end = data.indexOf(HEADERS_END, at + this.delimiter.length);
      if (end < 0) {
        this.pending = Buffer.from(data.subarray(at));
        this.gaveUp = this.pending.length > MAX_HEADER_BYTES;
        return;
      }
      this.note(data.subarray(at + this.delimiter.length, end).toString('latin1'));
      from = end + HEADERS_END.length;
    }
  }

  /** Whether the n-th part that names a file declared a type; true when unknown. */
  declaredType(fileIndex: number): boolean {
    return this.declared[fileIndex] ?? true;
  }

  private note(block: string): void {
    // The first line is what follows the boundary on its own line (transport padding).
    const headers = block.split('\r\n').slice(1);
    const value = (name: string) =>
      headers
        .find((line) => line.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim();
    if (!/;\s*filename\*?\s*=/i.test(value('content-disposition') ?? '')) return;
    this.declared.push((value('content-type') ?? '') !== '');
  }
}

/** Starts watching a multipart request's body; undefined when its Content-Type names no boundary. */
export function watchDeclaredFileTypes(raw: IncomingMessage): { types: DeclaredFileTypes; stop(): void } | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(raw.headers['content-type'] ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return undefined;
  const types = new DeclaredFileTypes(boundary);
  const listener = (chunk: Buffer) => types.push(chunk);
  raw.on('data', listener);
  return { types, stop: () => raw.off('data', listener) };
}
