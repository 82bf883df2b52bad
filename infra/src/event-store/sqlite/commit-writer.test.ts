import { join } from 'node:path';
import { type MessagePort, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDirEach } from '../../testing/temp-dir.ts';
import { newEvent } from '../contract.ts';
import { CommitWriter } from './commit-writer.ts';
import type { InsertRow } from './group-commit.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

const dir = tempDirEach('commit-writer');
let file: string;
beforeEach(async () => {
  file = join(dir(), 'events.db');
  await SqliteEventStore.open(file).close(); // the log's schema
});

function row(position: number): InsertRow {
  return [position, `stream-${position}`, 1, 'Happened', 1, '{}', '{}', `hash-${position}`];
}

/** The next message on `port`, waiting for it without turning this thread's event loop. */
function nextMessageSpinning(port: MessagePort, timeoutMs: number): unknown {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const received = receiveMessageOnPort(port);
    if (received) return received.message;
  }
  throw new Error(`no message within ${timeoutMs} ms`);
}

describe('the commit thread tells the log’s folding threads of commits itself', () => {
  it('sends each commit’s new head while the thread that asked for the commit is too busy to hear its end', async () => {
    const store = SqliteEventStore.open(file);
    const ports: MessagePort[] = [];
    store.commitPorts((port) => ports.push(port));
    await store.append('a', [newEvent('A')], 'no_stream');

    let acknowledged = false;
    const appended = store.append('b', [newEvent('B'), newEvent('C')], 'no_stream').then(() => (acknowledged = true));
    await new Promise((resolve) => setImmediate(resolve)); // the group is on its way to the commit thread
    // This thread spins: the commit's acknowledgement waits for its event loop, the port's notices do not.
    const heads = [nextMessageSpinning(ports[0]!, 10_000), nextMessageSpinning(ports[0]!, 10_000)];
    expect(heads).toEqual([1, 3]);
    expect(acknowledged).toBe(false);

    await appended;
    expect(acknowledged).toBe(true);
    expect(ports).toHaveLength(1);
    await store.close();
  });

  it('hands a new port once its thread is started again, to receivers still there', async () => {
    const writer = new CommitWriter(file);
    // A receiver gone before the thread started, its end closed as its thread's end would close it.
    writer.commitPorts((port) => port.close())();
    const ports: MessagePort[] = [];
    const stop = writer.commitPorts((port) => ports.push(port));
    await writer.commit([row(1)]);
    expect(nextMessageSpinning(ports[0]!, 10_000)).toBe(1);

    const thread = (writer as unknown as { worker: Worker }).worker;
    await thread.terminate();
    expect(ports).toHaveLength(2);
    await writer.commit([row(2)]);
    expect(nextMessageSpinning(ports[1]!, 10_000)).toBe(2);

    stop();
    await (writer as unknown as { worker: Worker }).worker.terminate();
    expect(ports).toHaveLength(2);
    await writer.close();
  });
});
