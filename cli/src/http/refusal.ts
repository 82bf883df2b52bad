import { CliError, EXIT } from '../exit-codes.ts';

/**
 * The API's error bodies as lines a person reads: `{"detail": …}` as it is, `{"errors": [...]}` one line each, and field
 * errors as `field: message` (nested ones as `steps.0.name: message`), as DRF shapes them.
 */
export function describeErrorBody(body: unknown, field = ''): string[] {
  if (body === null || body === undefined) return [];
  if (typeof body !== 'object') return [field && field !== 'errors' && field !== 'detail' ? `${field}: ${String(body)}` : String(body)];
  if (Array.isArray(body))
    return body.flatMap((item, index) => describeErrorBody(item, typeof item === 'object' ? `${field}.${index}` : field));
  return Object.entries(body).flatMap(([key, value]) => describeErrorBody(value, field ? `${field}.${key}` : key));
}

/** The server's answer that is not 2xx, said in words: the request, the status and the server's reasons. */
export class ApiRefusal extends CliError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    // 401 and 403 are about the token and its rights, which CI tells apart from a refused request.
    super(message, status === 401 || status === 403 ? EXIT.noAccess : EXIT.error);
  }
}

export async function refusalOf(response: Response, request: string): Promise<ApiRefusal> {
  const text = await response.text().catch(() => '');
  let reasons: string[];
  try {
    reasons = describeErrorBody(JSON.parse(text));
  } catch {
    reasons = text.trim() && !text.trimStart().startsWith('<') ? [text.trim()] : [];
  }
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const lines = [`${request} answered ${status}`, ...reasons.map((reason) => `  ${reason}`)];
  return new ApiRefusal(lines.join('\n'), response.status);
}
