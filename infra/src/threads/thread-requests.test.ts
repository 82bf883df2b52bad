import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadRequests, type ThreadAnswer } from './thread-requests.ts';

/** A thread that answers `double` requests out of order (the later first), refuses `odd` ones, and stays silent on `never`. */
const ANSWERING_THREAD = `
const { parentPort } = require('node:worker_threads');
const held = [];
parentPort.on('message', (message) => {
  if (message.kind === 'never') return;
  if (message.kind === 'odd') {
    return parentPort.postMessage({ id: message.id, error: { name: 'ValidationError', message: 'odd: ' + message.n } });
  }
  held.push(message);
  if (held.length === 2) for (const { id, n } of held.reverse()) parentPort.postMessage({ id, value: n * 2 });
});`;

type Request = { id: number; kind: 'double' | 'odd' | 'never'; n: number };
let worker: Worker;

function requestsOf(): ThreadRequests<Request, number> {
  worker = new Worker(ANSWERING_THREAD, { eval: true });
  const requests = new ThreadRequests<Request, number>(worker);
  worker.on('message', (answer: ThreadAnswer<number>) => requests.settle(answer));
  return requests;
}

afterEach(() => worker.terminate());

describe('requests to a thread', () => {
  it('match each answer to its request whatever their order, and bring an error back with its name', async () => {
    const requests = requestsOf();
    const [two, four] = await Promise.all([requests.ask({ id: 0, kind: 'double', n: 1 }), requests.ask({ id: 0, kind: 'double', n: 2 })]);
    expect([two, four]).toEqual([2, 4]);
    await expect(requests.ask({ id: 0, kind: 'odd', n: 3 })).rejects.toMatchObject({ name: 'ValidationError', message: 'odd: 3' });
  });

  it('reject what waits and what comes later once the thread has failed', async () => {
    const requests = requestsOf();
    const waiting = requests.ask({ id: 0, kind: 'never', n: 0 });
    requests.fail(new Error('the thread exited'));
    await expect(waiting).rejects.toThrow('the thread exited');
    await expect(requests.ask({ id: 0, kind: 'double', n: 1 })).rejects.toThrow('the thread exited');
  });

  it('reject an answer the caller’s check refuses', async () => {
    worker = new Worker(ANSWERING_THREAD, { eval: true });
    const requests = new ThreadRequests<Request, number>(worker);
    worker.on('message', (answer: ThreadAnswer<number>) =>
      requests.settle(answer, () => {
        throw new Error('refused');
      }),
    );
    await expect(requests.ask({ id: 0, kind: 'odd', n: 1 })).rejects.toThrow('refused');
  });
});
