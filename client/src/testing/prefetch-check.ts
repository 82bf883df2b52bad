import { cleanup } from '@testing-library/react';
import { expect } from 'vitest';
import type { ScriptedFetch } from './scripted-fetch.ts';

/** Draws the screen and waits until it shows what it is for; the calls it made are read after. */
type Show = () => Promise<void>;

async function callsOf(server: ScriptedFetch, show: Show): Promise<string[]> {
  await show();
  // A fetch of the screen's own goes out as its list subscribes, as it mounts: by now it would be in the calls.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const calls = [...server.calls];
  cleanup();
  server.calls.length = 0;
  return calls.sort();
}

/**
 * A route's prefetch (app/prefetch.ts) against its screen: the calls the screen makes by itself, then
 * after the prefetch asked ahead: the same calls, not one more, so the screen took every answer asked
 * ahead, and asked-ahead calls are the screen's own. Returns what was asked ahead, sorted.
 */
export async function expectPrefetchTaken(server: ScriptedFetch, show: Show, prefetchScreen: () => void): Promise<string[]> {
  const byItself = await callsOf(server, show);
  prefetchScreen();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const asked = [...server.calls].sort();
  expect(asked.length, 'calls asked ahead').toBeGreaterThan(0);
  expect(await callsOf(server, show)).toEqual(byItself);
  for (const call of asked) expect(byItself).toContain(call);
  return asked;
}
