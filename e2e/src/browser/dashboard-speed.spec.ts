import { waitedFor, watchDataCalls } from './data-calls.ts';
import { createProjectThroughApi, expect, signIn, test, uniqueName } from './fixtures.ts';

/** Enough projects that the first page is a real query, as the issue measured it (200). */
const PROJECTS = 200;

test(
  'with 200 projects the dashboard asks for its first page right ' + 'after the session, and shows its first card soon after opening',
  async ({ page, adminApi, baseURL }) => {
    test.slow();
    for (let made = 0; made < PROJECTS; made += 20) {
      await Promise.all(Array.from({ length: 20 }, () => createProjectThroughApi(adminApi, baseURL!, uniqueName('Speed'))));
    }
    await signIn(page);
    // The moment the first card is in the document, on the page's own clock (from the start of navigation).
    // (Browser code as text: the e2e package is compiled without the DOM's types.)
    await page.addInitScript({
      content: `new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="project-card"]')) return;
      window.firstCardAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });`,
    });
    const timings: number[] = [];
    for (let visit = 0; visit < 3; visit++) {
      // The previous page's calls are all answered first, so none is taken for this one's.
      await page.waitForLoadState('networkidle');
      // What the page had already heard back when it asked for the first page of projects: one round trip (the session), never a chain.
      const watched = watchDataCalls(page);
      await page.goto('/');
      await expect(page.getByTestId('project-card').first()).toBeVisible();
      watched.stop();
      expect(waitedFor(watched.calls, /^\/api\/v2\/projects\/(\?|$)/), 'data calls answered before the first page was asked for').toEqual(
        [],
      );
      timings.push(await page.evaluate<number>('window.firstCardAt'));
    }
    test.info().annotations.push({ type: 'first card (ms)', description: timings.map((ms) => ms.toFixed(0)).join(', ') });
    console.log(`first card after ${timings.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    // The aim is half a second (issue 9: 325-375 ms on a quiet machine); a shared 2-core VM varies by 2×, so the test holds
    // the structure above exactly and the time only to a bound a chain of requests would break.
    expect(Math.min(...timings)).toBeLessThan(1_500);
  },
);
