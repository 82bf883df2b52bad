import { ValidationError, messages } from '@testament/contracts';
import type { FastifyRequest } from 'fastify';
import { watchDeclaredFileTypes } from './part-headers.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
  /** The MIME type the part declared, lower-cased without parameters; null when it declared none. */
  mimeType: string | null;
}

/** A body as plain fields plus uploaded files, whether it came as JSON or multipart. */
export interface Form {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

/** Limits for one request instead of the multipart plugin's (which suit icons and avatars). */
export interface FormLimits {
  maxFileMb: number;
  maxFiles: number;
}

const MB = 1024 * 1024;

/**
 * A broken body or a broken limit, in the API's 400 shape; other errors as
 * they are. Busboy reports a malformed body (no boundary, a bad part header)
 * with a bare Error, and a file part cut short ends its stream prematurely.
 */
export function formError(error: unknown, limits: FormLimits | undefined): unknown {
  const { code, message } = error as { code?: string; message: string };
  if (code === undefined) return ValidationError.general(messages.multipartParseError(message));
  if (code === 'ERR_STREAM_PREMATURE_CLOSE') return ValidationError.general(messages.multipartParseError('Unexpected end of form'));
  if (limits && code === 'FST_REQ_FILE_TOO_LARGE') return ValidationError.general(messages.fileTooLarge(limits.maxFileMb));
  if (limits && code === 'FST_FILES_LIMIT') return ValidationError.general(messages.tooManyFiles(limits.maxFiles));
  return error;
}

export async function readForm(request: FastifyRequest, limits?: FormLimits): Promise<Form> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  const watch = watchDeclaredFileTypes(request.raw);
  let named = 0;
  try {
    const parts = request.parts(limits && { limits: { fileSize: limits.maxFileMb * MB, files: limits.maxFiles } });
    for await (const part of parts) {
      if (part.type !== 'file') {
        fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      // Parts without a file name are files only because they declared application/octet-stream.
      const declared = part.filename === undefined || (watch?.types.declaredType(named++) ?? true);
      files.push({ field: part.fieldname, filename: part.filename, bytes, mimeType: declared ? part.mimetype : null });
    }
  } catch (error) {
    throw formError(error, limits);
  } finally {
    watch?.stop();
  }
  return { fields, files };
}
