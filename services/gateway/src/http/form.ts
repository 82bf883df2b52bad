import type { FastifyRequest } from 'fastify';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

/** A body as plain fields plus uploaded files, whether it came as JSON or multipart. */
export interface Form {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

export async function readForm(request: FastifyRequest): Promise<Form> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') files.push({ field: part.fieldname, filename: part.filename, bytes: await part.toBuffer() });
    else fields[part.fieldname] = part.value;
  }
  return { fields, files };
}
