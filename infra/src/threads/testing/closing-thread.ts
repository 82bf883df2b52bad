import { parentPort } from 'node:worker_threads';

/** Answers the close requests that came within 10 ms of the first together, as a thread whose close takes a while. */
const port = parentPort!;
const closes: number[] = [];
port.on('message', (message: { id: number; kind: 'close' | 'ping' }) => {
  if (message.kind === 'ping') return port.postMessage({ id: message.id, value: 'pong' });
  closes.push(message.id);
  if (closes.length === 1)
    setTimeout(() => {
      for (const id of closes) port.postMessage({ id, value: 'closed' });
    }, 10);
});
