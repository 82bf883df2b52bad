/** A failed API call: the HTTP status (null when the server never answered) and the parsed body. */
export class ApiError extends Error {
  /** True once the app-wide routing has acted on it (redirect, error page, toast); callers only stop waiting. */
  routed = false;

  constructor(
    readonly status: number | null,
    readonly body: unknown,
  ) {
    super(status === null ? 'No server response' : `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The `{detail}` of 401/403/404 answers. */
  get detail(): string | undefined {
    const detail = isRecord(this.body) ? this.body.detail : undefined;
    return typeof detail === 'string' ? detail : undefined;
  }

  /**
   * A 400's messages (§2.5): `{field: [msg]}` per field, `{errors: [msg]}` or a bare
   * string for the rest. Returned as field → messages, non-field ones under `errors`.
   */
  get fieldErrors(): Record<string, string[]> {
    if (typeof this.body === 'string') return { errors: [this.body] };
    if (!isRecord(this.body)) return {};
    const fields: Record<string, string[]> = {};
    for (const [field, value] of Object.entries(this.body)) {
      const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
      if (messages.length > 0) fields[field === 'detail' || field === 'non_field_errors' ? 'errors' : field] = messages;
    }
    return fields;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
