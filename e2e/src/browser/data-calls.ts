import type { Page, Request } from '@playwright/test';

/** The data calls a page makes (not its scripts, styles and fonts). */
export const isDataCall = (request: Request) => /\/(api\/v2|auth)\//.test(new URL(request.url()).pathname);

/** A data call of the page, with the data calls of the same page load answered before it was sent. */
export interface DataCall {
  /** Path and query. */
  url: string;
  path: string;
  answeredBefore: string[];
}

/**
 * Records each data call the page sends from now on, and what had been answered before it: a call sent
 * only once another's answer came is a round later (a waterfall). A navigation starts afresh, so the last
 * page's live refetches are not taken for this one's.
 */
export function watchDataCalls(page: Page): { calls: DataCall[]; stop(): void } {
  const calls: DataCall[] = [];
  const answered: string[] = [];
  const ours = new Set<Request>();
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest()) {
      ours.clear();
      answered.length = 0;
      calls.length = 0;
    }
    ours.add(request);
    if (!isDataCall(request)) return;
    const url = new URL(request.url());
    calls.push({ url: url.pathname + url.search, path: url.pathname, answeredBefore: [...answered] });
  };
  const onFinished = (request: Request) => {
    if (ours.has(request) && isDataCall(request)) answered.push(new URL(request.url()).pathname);
  };
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  return {
    calls,
    stop: () => {
      page.off('request', onRequest);
      page.off('requestfinished', onFinished);
    },
  };
}

/** The first call whose path and query match, and what had been answered before it, without the session the whole app waits for. */
export function waitedFor(calls: readonly DataCall[], pattern: RegExp): string[] {
  const call = calls.find((candidate) => pattern.test(candidate.url));
  if (!call) throw new Error(`no call matched ${pattern}; the calls were:\n${calls.map((candidate) => candidate.url).join('\n')}`);
  return call.answeredBefore.filter((path) => path !== '/auth/session/');
}
