export const CSRF_COOKIE = 'csrftoken';

/** The JavaScript-readable CSRF cookie the server hands out (§2.3); echoed as X-CSRFToken. */
export function readCsrfCookie(cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
