import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { scriptedFetch, type ScriptedAnswer } from '../testing/scripted-fetch.ts';
import { ApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import type { Failure } from './failures.ts';

function client(answers: Record<string, ScriptedAnswer>, { path = '/projects/7/overview', cookies = 'csrftoken=token-1' } = {}) {
  const server = scriptedFetch(answers);
  const api = new ApiClient({ fetch: server.fetch, cookies: () => cookies, currentPath: () => path });
  const failures: Failure[] = [];
  api.failures$.subscribe((failure) => failures.push(failure));
  return { api, server, failures };
}

async function failureOf(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Lets the logout request and its follow-up run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the data layer', () => {
  it('sends the CSRF cookie as X-CSRFToken on writes and returns the parsed body', async () => {
    const { api, server } = client({ 'POST /api/v2/projects/': { status: 201, body: { id: 3 } } });
    await expect(firstValueFrom(api.post('/api/v2/projects/', { json: { name: 'A' } }))).resolves.toEqual({ id: 3 });
    expect(server.headers[0]).toMatchObject({ 'X-CSRFToken': 'token-1', 'Content-Type': 'application/json' });
  });

  it('sends a call’s own headers beside the app’s, and hands over the answer’s headers to a caller that asks', async () => {
    const { api, server } = client({ 'PUT /api/v2/cases/4/': { status: 200, body: { id: 4 }, headers: { ETag: '"3"' } } });
    const answered = await firstValueFrom(api.answer('PUT', '/api/v2/cases/4/', { json: {}, headers: { 'If-Match': '"2"' } }));
    expect(answered.body).toEqual({ id: 4 });
    expect(answered.headers.get('ETag')).toBe('"3"');
    expect(server.headers[0]).toMatchObject({ 'X-CSRFToken': 'token-1', 'If-Match': '"2"' });
  });

  it('tells the read position of each answer that names one, for the live channel', async () => {
    const { api } = client({
      'GET /api/v2/projects/': { status: 200, body: [], headers: { 'X-Read-Position': '41' } },
      'GET /api/v2/users/me/': { status: 200, body: {} },
    });
    const positions: number[] = [];
    api.readPositions$.subscribe((position) => positions.push(position));
    await firstValueFrom(api.get('/api/v2/projects/'));
    await firstValueFrom(api.get('/api/v2/users/me/'));
    expect(positions).toEqual([41]);
  });

  it('fetches a CSRF cookie before the first write when there is none', async () => {
    const { api, server } = client({}, { cookies: '' });
    await firstValueFrom(api.post('/auth/login/', { json: {} }));
    expect(server.calls).toEqual(['GET /auth/csrf/', 'POST /auth/login/']);
  });

  it('leaves a 400 to the form: field errors by field, the rest under errors, nothing routed', async () => {
    const { api, failures } = client({ 'POST /api/v2/projects/': { status: 400, body: { name: ['Taken.'], errors: ['Other.'] } } });
    const error = await failureOf(firstValueFrom(api.post('/api/v2/projects/')));
    expect(error.fieldErrors).toEqual({ name: ['Taken.'], errors: ['Other.'] });
    expect(error.routed).toBe(false);
    expect(failures).toEqual([]);
  });

  it('routes 403 to the permission page and 404 to the not-found page', async () => {
    const { api, failures } = client({
      'GET /api/v2/projects/1/': { status: 403, body: { detail: 'You are not able to view this project' } },
      'GET /api/v2/projects/2/': { status: 404, body: { detail: 'Not found.' } },
    });
    expect((await failureOf(firstValueFrom(api.get('/api/v2/projects/1/')))).routed).toBe(true);
    await failureOf(firstValueFrom(api.get('/api/v2/projects/2/')));
    expect(failures).toEqual([{ kind: 'forbidden', detail: 'You are not able to view this project' }, { kind: 'not-found' }]);
  });

  it('lets a caller handle a status itself, as a form does with a 403 detail', async () => {
    const { api, failures } = client({ 'PATCH /api/v2/projects/1/': { status: 403, body: { detail: 'No.' } } });
    const error = await failureOf(firstValueFrom(api.patch('/api/v2/projects/1/', { handles: [403] })));
    expect(error.detail).toBe('No.');
    expect(failures).toEqual([]);
  });

  it('raises the internal-error toast for a 500 and for no answer at all', async () => {
    const { api, failures } = client({
      'GET /api/v2/projects/': { status: 500, body: { detail: 'boom' } },
      'GET /api/v2/users/me/': 'network-error',
    });
    await failureOf(firstValueFrom(api.get('/api/v2/projects/')));
    const offline = await failureOf(firstValueFrom(api.get('/api/v2/users/me/')));
    expect(offline.status).toBeNull();
    expect(failures.map((f) => (f.kind === 'server-error' ? f.error.status : f.kind))).toEqual([500, null]);
  });

  it('ends the session once for concurrent 401s: one logout, one redirect remembering the page', async () => {
    const { api, server, failures } = client({
      'GET /api/v2/projects/': { status: 401, body: { detail: 'Invalid or expired session.' } },
      'GET /api/v2/users/me/config/': { status: 401, body: {} },
      'GET /api/v2/projects/7/': { status: 401, body: {} },
    });
    await Promise.all(
      ['/api/v2/projects/', '/api/v2/users/me/config/', '/api/v2/projects/7/'].map((path) => failureOf(firstValueFrom(api.get(path)))),
    );
    await settle();
    expect(server.calls.filter((call) => call === 'POST /auth/logout/')).toHaveLength(1);
    expect(failures).toEqual([{ kind: 'session-expired', returnTo: '/projects/7/overview' }]);

    // A later session ending is a new one.
    api.sessionStarted();
    await failureOf(firstValueFrom(api.get('/api/v2/projects/')));
    await settle();
    expect(server.calls.filter((call) => call === 'POST /auth/logout/')).toHaveLength(2);
  });

  describe('a 401 while a write that replaces the session is in flight (a password change and its live notice)', () => {
    /** A server where the password change answers only when told to, setting a new CSRF cookie with its answer if `replaces`. */
    function passwordChange({ replaces }: { replaces: boolean }) {
      let cookies = 'csrftoken=old';
      let answerChange: () => void = () => {};
      const calls: string[] = [];
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const api = new ApiClient({
        cookies: () => cookies,
        currentPath: () => '/profile',
        fetch: (input, init) => {
          const call = `${init?.method ?? 'GET'} ${String(input)}`;
          calls.push(call);
          if (call === 'POST /api/v2/users/change-password/') {
            return new Promise<Response>((resolve) => {
              answerChange = () => {
                if (replaces) cookies = 'csrftoken=new';
                resolve(json(200, 'Password updated successfully'));
              };
            });
          }
          if (call === 'GET /api/v2/users/me/') return Promise.resolve(cookies === 'csrftoken=new' ? json(200, { id: 1 }) : json(401, {}));
          return Promise.resolve(json(200, {}));
        },
      });
      const failures: Failure[] = [];
      api.failures$.subscribe((failure) => failures.push(failure));
      return { api, calls, failures, answerChange: () => answerChange() };
    }

    it('sends the request again under the new session instead of signing the user out', async () => {
      const { api, calls, failures, answerChange } = passwordChange({ replaces: true });
      const change = firstValueFrom(api.post('/api/v2/users/change-password/', { json: { password: 'n3w-Secret!' } }));
      // The live notice of the change arrives first: the refetch goes out with the old cookie and gets 401.
      const refetch = firstValueFrom(api.get('/api/v2/users/me/'));
      await settle();
      answerChange();
      await expect(change).resolves.toBe('Password updated successfully');
      await expect(refetch).resolves.toEqual({ id: 1 });
      await settle();
      expect(calls.filter((call) => call === 'GET /api/v2/users/me/')).toHaveLength(2);
      expect(calls).not.toContain('POST /auth/logout/');
      expect(failures).toEqual([]);
    });

    it('holds calls made while a write that replaces the session is in flight, and sends them under the new one', async () => {
      const { api, calls, failures, answerChange } = passwordChange({ replaces: true });
      const change = firstValueFrom(
        api.post('/api/v2/users/change-password/', { json: { password: 'n3w-Secret!' }, replacesSession: true }),
      );
      const refetch = firstValueFrom(api.get('/api/v2/users/me/'));
      await settle();
      expect(calls).toEqual(['POST /api/v2/users/change-password/']);
      answerChange();
      await expect(change).resolves.toBe('Password updated successfully');
      await expect(refetch).resolves.toEqual({ id: 1 });
      // Sent once, after the answer: no 401 for the browser to log.
      expect(calls).toEqual(['POST /api/v2/users/change-password/', 'GET /api/v2/users/me/']);
      expect(failures).toEqual([]);
    });

    it('still ends the session when the write did not replace it', async () => {
      const { api, calls, failures, answerChange } = passwordChange({ replaces: false });
      const change = firstValueFrom(api.post('/api/v2/users/change-password/', { json: { password: 'n3w-Secret!' } }));
      const refetch = failureOf(firstValueFrom(api.get('/api/v2/users/me/')));
      await settle();
      answerChange();
      await change;
      expect((await refetch).status).toBe(401);
      await settle();
      expect(calls.filter((call) => call === 'GET /api/v2/users/me/')).toHaveLength(1);
      expect(calls).toContain('POST /auth/logout/');
      expect(failures).toEqual([{ kind: 'session-expired', returnTo: '/profile' }]);
    });
  });

  it('does not redirect a 401 on the login page, which reports it itself', async () => {
    const { api, server, failures } = client({ 'GET /api/v2/users/me/': { status: 401, body: {} } }, { path: '/login?nextPage=%2F' });
    const error = await failureOf(firstValueFrom(api.get('/api/v2/users/me/')));
    expect(error.routed).toBe(false);
    await settle();
    expect(server.calls).not.toContain('POST /auth/logout/');
    expect(failures).toEqual([]);
  });

  it('aborts the request when nobody listens any more', async () => {
    let signal: AbortSignal | undefined;
    const api = new ApiClient({
      fetch: (_input, init) => {
        signal = init?.signal ?? undefined;
        return new Promise<Response>(() => undefined);
      },
      cookies: () => '',
      currentPath: () => '/',
    });
    const listening = api.get('/api/v2/projects/').subscribe();
    await settle();
    expect(signal?.aborted).toBe(false);
    listening.unsubscribe();
    expect(signal?.aborted).toBe(true);
  });
});
