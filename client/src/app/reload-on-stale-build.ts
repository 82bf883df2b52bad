/** When this tab last reloaded for a missing chunk (sessionStorage: it survives the reload, not the tab). */
const RELOADED_AT_KEY = 'testament.reloaded-for-missing-chunk';
/** A chunk still missing this soon after such a reload is a real fault: it reaches the error page instead of reloading again. */
const RELOAD_AT_MOST_EVERY_MS = 30_000;

/** What of the browser's window this needs (a test gives its own). */
export type StaleBuildWindow = Pick<Window, 'addEventListener' | 'sessionStorage'> & { location: Pick<Location, 'reload'> };

/**
 * A tab open across an upgrade still runs the old build, whose chunks the server no longer has (it answers
 * 404 for them): the screen it opens next fails to load. Vite announces that (`vite:preloadError`); the tab
 * then loads the page again, from the new build, once.
 */
export function reloadOnStaleBuild(window: StaleBuildWindow, now: () => number = Date.now): void {
  window.addEventListener('vite:preloadError', (event) => {
    const storage = window.sessionStorage;
    const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now() - last < RELOAD_AT_MOST_EVERY_MS) return;
    storage.setItem(RELOADED_AT_KEY, String(now()));
    event.preventDefault();
    window.location.reload();
  });
}
