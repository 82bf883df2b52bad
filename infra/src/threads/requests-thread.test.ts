import { describe, expect, it } from 'vitest';
import { closeRequestsThread, startRequestsThread } from './requests-thread.ts';
import type { ThreadAnswer } from './thread-requests.ts';

type Request = { id: number; kind: 'close' | 'ping' };

function closingThread() {
  const thread = startRequestsThread<Request, string>(
    new URL('./testing/closing-thread.ts', import.meta.url),
    {},
    {
      name: 'the closing thread',
      onMessage: (answer: ThreadAnswer<string>) => thread.requests.settle(answer),
    },
  );
  return thread;
}

const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms))]);

describe('closing a requests thread', () => {
  it('closed twice at once (a stop while a thread is replaced), returns from both closes and refuses what is asked after', async () => {
    const thread = closingThread();
    expect(await thread.requests.ask({ id: 0, kind: 'ping' })).toBe('pong');
    const closes = [0, 1].map(() => closeRequestsThread(thread, { id: 0, kind: 'close' }, 'the closing thread is closed'));
    await expect(within(5_000, Promise.all(closes))).resolves.toEqual([undefined, undefined]);
    await expect(thread.requests.ask({ id: 0, kind: 'ping' })).rejects.toThrow('the closing thread is closed');
  });

  it('fails what is asked after its close with why it closed, not with its exit', async () => {
    const thread = closingThread();
    await closeRequestsThread(thread, { id: 0, kind: 'close' }, 'the closing thread is closed');
    await expect(thread.requests.ask({ id: 0, kind: 'ping' })).rejects.toThrow('the closing thread is closed');
  });
});
