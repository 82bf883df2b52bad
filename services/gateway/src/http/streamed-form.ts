import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { formError, type FormLimits } from './form.ts';

/** A file part as it arrives: its bytes are read from `stream` once, as they come, never held whole. */
export interface StreamedFile {
  field: string;
  filename: string;
  mimeType: string;
  stream: Readable;
}

const MB = 1024 * 1024;

/**
 * Reads a multipart body part by part: each field as it comes (the fields sent before the files are known when the
 * first file arrives), each file handed to `onFile`, which reads its stream to the end before the next part is read.
 * A file the handler leaves unread is drained. Broken bodies and broken limits are 400s in the API's shape.
 */
export async function eachFormPart(
  request: FastifyRequest,
  limits: FormLimits,
  onFile: (file: StreamedFile, fields: Readonly<Record<string, unknown>>) => Promise<void>,
): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  // The handler's own refusals pass as they are; only the body's and the limits' become form errors.
  const handlerFailures = new Set<unknown>();
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxFileMb * MB, files: limits.maxFiles } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = part.value;
        continue;
      }
      try {
        await onFile({ field: part.fieldname, filename: part.filename, mimeType: part.mimetype, stream: part.file }, fields);
      } catch (error) {
        handlerFailures.add(error);
        throw error;
      }
      if (!part.file.readableEnded) for await (const _chunk of part.file);
      // A file cut at the size limit ends early; the multipart plugin says so only when asked.
      if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    }
  } catch (error) {
    if (handlerFailures.has(error)) throw error;
    throw formError(error, limits);
  }
  return fields;
}

/**
 * Hands a form's files, as they arrive, to a reader that takes them as one async sequence: the form waits on each file until
 * the reader has read it (or the reader stops, failing), and a file the reader passes over is drained so the form reads on.
 */
export function filePipe() {
  const takers: Array<(file: StreamedFile | null) => void> = [];
  const offered: Array<StreamedFile | null> = [];
  const offer = (file: StreamedFile | null) => {
    const taker = takers.shift();
    if (taker) taker(file);
    else offered.push(file);
  };
  const take = () =>
    new Promise<StreamedFile | null>((resolve) => {
      if (offered.length > 0) resolve(offered.shift()!);
      else takers.push(resolve);
    });
  return {
    files: {
      async *[Symbol.asyncIterator]() {
        for (let file = await take(); file !== null; file = await take()) {
          yield file;
          if (!file.stream.readableEnded) for await (const _chunk of file.stream);
        }
      },
    } satisfies AsyncIterable<StreamedFile>,
    /** Offers the file and waits until it was read to its end, or `reading` failed. */
    async hand(file: StreamedFile, reading: Promise<unknown>) {
      const read = new Promise<void>((resolve) => file.stream.once('close', resolve).once('end', resolve));
      offer(file);
      await Promise.race([read, reading]);
    },
    /** No more files: the reader's sequence ends. */
    end: () => offer(null),
  };
}
