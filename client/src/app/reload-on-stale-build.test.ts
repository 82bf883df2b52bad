import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild, type StaleBuildWindow } from './reload-on-stale-build.ts';

/** A window of its own: an event target with a session store and a reload that is only counted. */
function fakeWindow() {
  const target = new EventTarget();
  const reload = vi.fn();
  const stored = new Map<string, string>();
  const sessionStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  } as Storage;
  const window = { addEventListener: target.addEventListener.bind(target), sessionStorage, location: { reload } } as StaleBuildWindow;
  const missingChunk = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event;
  };
  return { window, reload, missingChunk };
}

describe('a tab whose build the server no longer has', () => {
  it('loads the page again when a chunk is missing, and keeps the error from reaching the screen', () => {
    const { window, reload, missingChunk } = fakeWindow();
    reloadOnStaleBuild(window, () => 1_000_000);
    const event = missingChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it(
    'does not reload again within 30 s of such a reload, so a chunk ' +
      'missing from the new build too shows its error instead of a reload loop',
    () => {
      const { window, reload, missingChunk } = fakeWindow();
      let now = 1_000_000;
      reloadOnStaleBuild(window, () => now);
      missingChunk();
      now += 29_000;
      const again = missingChunk();
      expect(reload).toHaveBeenCalledTimes(1);
      expect(again.defaultPrevented).toBe(false);
      now += 2_000;
      missingChunk();
      expect(reload).toHaveBeenCalledTimes(2);
    },
  );
});
