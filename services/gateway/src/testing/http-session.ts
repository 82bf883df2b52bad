/** A cookie-keeping HTTP client that behaves like the browser app toward the real server. */
export class HttpSession {
  private readonly cookies = new Map<string, string>();

  /** `timeoutMs`: a request not answered (body and all) by then rejects, as a client that gives up does. */
  constructor(
    private readonly baseUrl: string,
    private readonly options: { timeoutMs?: number } = {},
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    if (!this.cookies.has('csrftoken')) this.keepCookies(await fetch(`${this.baseUrl}/auth/csrf/`));
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        origin: this.baseUrl,
        cookie: this.cookieHeader(),
        'x-csrftoken': this.cookies.get('csrftoken') ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(this.options.timeoutMs !== undefined && { signal: AbortSignal.timeout(this.options.timeoutMs) }),
    });
    this.keepCookies(response);
    return response;
  }

  async login(username: string, password: string): Promise<void> {
    const response = await this.request('POST', '/auth/login/', { username, password });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  }

  /** The same browser (its cookies) toward another server: another gateway of the same deployment, say. */
  on(baseUrl: string): HttpSession {
    const other = new HttpSession(baseUrl, this.options);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
  }
}
