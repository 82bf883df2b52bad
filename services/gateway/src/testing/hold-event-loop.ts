/** Keeps the event loop busy for `ms`, as a handler that blocks would. */
export function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
