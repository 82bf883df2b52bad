import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { BENCH_PASSWORD } from './command-side.ts';
import { median, round } from './measure.ts';

/** Debian's Chromium with the flags of the browser tests (e2e/playwright.config.ts): no downloads, no background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A browser context signed in as `username` through the API, as the login form would leave it. */
export async function signedInContext(browser: Browser, baseURL: string, username: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  await context.request.get('/auth/csrf/');
  const answer = await context.request.post('/auth/login/', {
    data: { username, password: BENCH_PASSWORD, remember_me: false },
    headers: await unsafeHeaders(context, baseURL),
  });
  if (answer.status() !== 200) throw new Error(`signing in as ${username}: ${answer.status()} ${await answer.text()}`);
  return context;
}

async function unsafeHeaders(context: BrowserContext, baseURL: string): Promise<Record<string, string>> {
  const csrf = (await context.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': csrf, Origin: baseURL };
}

/** Keeps a choice in the signed-in user's config, as the screens do (the server deep-merges it). */
export async function patchConfig(context: BrowserContext, baseURL: string, patch: unknown): Promise<void> {
  const answer = await context.request.patch('/api/v2/users/me/config/', { data: patch, headers: await unsafeHeaders(context, baseURL) });
  if (answer.status() !== 200) throw new Error(`config patch: ${answer.status()} ${await answer.text()}`);
}

/**
 * Marks the first moment each selector matches, on the page's own clock (from the start of its navigation),
 * for every document the page loads from now on. (Browser code as text: this package has no DOM types.)
 */
export async function watchFirstMatches(page: Page, selectors: Record<string, string>): Promise<void> {
  await page.addInitScript({
    content: `(() => {
      const selectors = ${JSON.stringify(selectors)};
      window.__firstMatch = {};
      const look = () => {
        for (const [name, selector] of Object.entries(selectors)) {
          if (!(name in window.__firstMatch) && document.querySelector(selector)) window.__firstMatch[name] = performance.now();
        }
        if (Object.keys(window.__firstMatch).length === Object.keys(selectors).length) observer.disconnect();
      };
      const observer = new MutationObserver(look);
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    })();`,
  });
}

/** A page load from navigation to each mark, with the data calls it made. */
export interface PageLoad {
  marks: Record<string, number>;
  /** The API calls, by when they were sent and answered (ms from the navigation's start). */
  calls: Array<{ path: string; start: number; end: number }>;
}

/**
 * Opens `path` afresh (the browser keeps the app's files cached, as after a first visit) and waits for every
 * selector `watchFirstMatches` was given; then for the page to go quiet, so the next load starts clean.
 */
export async function loadPage(page: Page, path: string, names: readonly string[], timeoutMs = 120_000): Promise<PageLoad> {
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(`${JSON.stringify(names)}.every((name) => name in (window.__firstMatch ?? {}))`, undefined, {
    timeout: timeoutMs,
    polling: 50,
  });
  const marks = await page.evaluate<Record<string, number>>('window.__firstMatch');
  await page.waitForLoadState('networkidle');
  const calls = await page.evaluate<Array<{ path: string; start: number; end: number }>>(
    `performance.getEntriesByType('resource')` +
      `.filter((entry) => /\\/(api\\/v2|auth)\\//.test(new URL(entry.name).pathname))` +
      `.map((entry) => ({ path: entry.name.replace(location.origin, ''), start: entry.startTime, end: entry.responseEnd }))`,
  );
  return { marks, calls };
}

/**
 * How many rounds of calls came before `mark`: a call sent after another call of the page had been
 * answered is one round later than it. One round (the session) is the shell's; the page's own
 * calls should all go out together in the next.
 */
export function rounds(load: PageLoad, mark: string): number {
  const before = load.calls.filter((call) => call.start < load.marks[mark]!).sort((a, b) => a.start - b.start);
  const round = new Map<(typeof before)[number], number>();
  for (const call of before)
    round.set(call, 1 + Math.max(0, ...before.filter((earlier) => earlier.end <= call.start).map((earlier) => round.get(earlier) ?? 0)));
  return Math.max(0, ...round.values());
}

/** The median of each mark over `times` loads after one to warm up, the rounds of the median load, and every figure. */
export async function timeLoads(
  page: Page,
  path: string,
  names: readonly string[],
  times: number,
): Promise<{ ms: Record<string, number>; runs: Record<string, number[]>; rounds: Record<string, number> }> {
  await loadPage(page, path, names);
  const loads: PageLoad[] = [];
  for (let run = 0; run < times; run++) loads.push(await loadPage(page, path, names));
  const ms: Record<string, number> = {};
  const runs: Record<string, number[]> = {};
  const roundsBefore: Record<string, number> = {};
  for (const name of names) {
    runs[name] = loads.map((load) => round(load.marks[name]!, 0));
    ms[name] = median(runs[name]);
    roundsBefore[name] = median(loads.map((load) => rounds(load, name)));
  }
  return { ms, runs, rounds: roundsBefore };
}

/** Once the page's calls are answered and its main thread has been idle twice in a row (charts drawn, lists shown). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // With a timeout: after a click on the tree, Chromium sometimes gives an idle page no idle period at all.
  await page.evaluate(
    'new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 1000 }), { timeout: 1000 }))',
  );
}

/**
 * Clicks the expand arrow of the tree node named `name` on a settled page and times, in the page, from
 * the click to the first node of its level in the document; then closes it again. The median of `times`.
 */
export async function timeExpand(page: Page, name: string, times: number): Promise<{ ms: number; runs: number[] }> {
  const runs: number[] = [];
  for (let run = 0; run <= times; run++) {
    await settled(page);
    const ms = await page.evaluate<number>(
      `((name) => new Promise((resolve, reject) => {
        const node = [...document.querySelectorAll('[role="treeitem"]')].find((item) => item.getAttribute('aria-label') === name);
        const toggle = node && node.querySelector(':scope > .suite-node > .suite-node__toggle');
        if (!toggle) return reject(new Error('no expand arrow on ' + name));
        const startedAt = performance.now();
        const shown = () => node.querySelector(':scope > [role="group"] [role="treeitem"]');
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          resolve(performance.now() - startedAt);
        });
        observer.observe(node, { childList: true, subtree: true });
        toggle.click();
      }))(${JSON.stringify(name)})`,
    );
    // The first opening loads nothing the others do not, but is left out like a page's first load.
    if (run > 0) runs.push(round(ms, 1));
    await page
      .getByRole('treeitem', { name, exact: true })
      .getByRole('button', { name: `Collapse ${name}` })
      .click();
  }
  return { ms: median(runs), runs };
}
