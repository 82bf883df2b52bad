/**
 * Errors shaped like the MongoDB server's, so callers can handle both engines
 * the same way (`error.code === 11000` for a duplicate key).
 */

export const BAD_VALUE = 2;
export const FAILED_TO_PARSE = 9;
export const TYPE_MISMATCH = 14;
export const PATH_NOT_VIABLE = 28;
export const IMMUTABLE_FIELD = 66;
export const CANNOT_CREATE_INDEX = 67;
export const INDEX_OPTIONS_CONFLICT = 85;
export const DUPLICATE_KEY = 11000;

export class ReadStoreError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'ReadStoreError';
    this.code = code;
  }
}

export class DuplicateKeyError extends ReadStoreError {
  readonly keyPattern: Record<string, 1 | -1>;
  readonly keyValue: Record<string, unknown>;

  constructor(collection: string, indexName: string, keyPattern: Record<string, 1 | -1>, keyValue: Record<string, unknown>) {
    super(DUPLICATE_KEY, `E11000 duplicate key error collection: ${collection} index: ${indexName} dup key: ${JSON.stringify(keyValue)}`);
    this.name = 'DuplicateKeyError';
    this.keyPattern = keyPattern;
    this.keyValue = keyValue;
  }
}

export function immutableIdError(from: unknown, to: unknown): ReadStoreError {
  return new ReadStoreError(
    IMMUTABLE_FIELD,
    `Performing an update on the path '_id' would modify the immutable field '_id' (from ${JSON.stringify(from)} to ${JSON.stringify(to)})`,
  );
}
