import type { z } from 'zod';

/** Field errors in the API's 400 shape: `{field: [msg]}`, non-field errors under `errors`. */
export type FieldErrors = Record<string, string[]>;

/** A request or command that breaks a rule: answered 400 with its field errors. */
export class ValidationError extends Error {
  constructor(readonly fields: FieldErrors) {
    super(
      Object.entries(fields)
        .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
        .join('; '),
    );
    this.name = 'ValidationError';
  }

  static of(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }

  static general(message: string): ValidationError {
    return new ValidationError({ errors: [message] });
  }
}

/** The object does not exist, or the caller may not know that it does. Answered 404. */
export class NotFoundError extends Error {
  constructor(message = 'Not found.') {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** Authenticated but not allowed. Answered 403 with `{detail}`. */
export class PermissionDeniedError extends Error {
  constructor(message = 'You do not have permission to perform this action.') {
    super(message);
    this.name = 'PermissionDeniedError';
  }
}

/** The request collides with work under way (a bulk job already running). Answered 409 with `{detail}`. */
export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/**
 * An edit made against a version that is no longer current (optimistic
 * concurrency): answered 409 with the current version and its tag (the
 * `ETag`), so the client can fetch it and merge.
 */
export class StaleVersionError extends ConflictError {
  constructor(
    message: string,
    readonly currentVersion: number,
    /** The current version's tag, as the ETag header gives it without the quotes. */
    readonly versionTag: string,
  ) {
    super(message);
    this.name = 'StaleVersionError';
  }
}

/** Rebuilds a domain error that crossed a process boundary (bus reply) as its own class. */
export function reviveDomainError(remote: {
  name?: string;
  message?: string;
  fields?: FieldErrors;
  currentVersion?: number;
  versionTag?: string;
}): Error {
  switch (remote.name) {
    case 'ValidationError':
      return new ValidationError(remote.fields ?? { errors: [remote.message ?? 'Invalid request.'] });
    case 'NotFoundError':
      return new NotFoundError(remote.message);
    case 'PermissionDeniedError':
      return new PermissionDeniedError(remote.message);
    case 'ConflictError':
      return new ConflictError(remote.message ?? 'Conflict.');
    case 'StaleVersionError':
      return new StaleVersionError(remote.message ?? 'Conflict.', remote.currentVersion ?? 0, remote.versionTag ?? '');
    default:
      return new Error(remote.message ?? 'Command failed');
  }
}

/** Zod issues as API field errors: the first path segment names the field. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'errors';
    fields[key] ??= [];
    fields[key].push(issue.message);
  }
  return fields;
}

/** Parses with a zod schema, or throws a ValidationError in the API's shape. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(zodFieldErrors(result.error));
  return result.data;
}
