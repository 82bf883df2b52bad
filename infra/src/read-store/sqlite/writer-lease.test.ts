import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteReadStore } from './sqlite-read-store.ts';
import { LeaseLostError } from '../../ports/writer-lease.ts';
import { tempDirEach } from '../../testing/temp-dir.ts';
import { SqliteWriterLease } from './writer-lease.ts';

const dir = tempDirEach('lease');
let file: string;
const opened: SqliteReadStore[] = [];

beforeEach(() => {
  file = join(dir(), 'read-models.sqlite');
});
/** Writer processes started by a test: killed whatever the test's outcome. */
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const store of opened.splice(0)) await store.close();
});

/** A writer's connection to the shared file, with its lease on a clock the test moves. */
function writer(holder: string, clock: { now: number }) {
  const store = new SqliteReadStore({ file, checkpoints: false });
  opened.push(store);
  return { store, lease: new SqliteWriterLease(store.db, { name: 'read-models', holder, ttlMs: 3_000, now: () => clock.now }) };
}

const insert = (id: string) => [{ collection: 'writes', operations: [{ insertOne: { document: { _id: id } } }] }];

describe('the read models’ writer lease', () => {
  it('has one holder at a time; a standby takes it once the holder’s term runs out, under a higher epoch', () => {
    const clock = { now: 1_000_000 };
    const active = writer('projections-1', clock);
    const standby = writer('projections-2', clock);
    const first = active.lease.tryAcquire();
    expect(first).toEqual({ epoch: 1, expiresAt: 1_003_000 });
    expect(standby.lease.tryAcquire()).toBeNull();
    clock.now += 2_000;
    expect(active.lease.renew(first!)).toBe(true);
    clock.now += 2_000;
    expect(standby.lease.tryAcquire()).toBeNull(); // Renewed: still the active one's.
    clock.now += 1_001;
    expect(standby.lease.tryAcquire()).toMatchObject({ epoch: 2 });
    expect(active.lease.renew(first!)).toBe(false);
    expect(standby.lease.holderNow()).toMatchObject({ holder: 'projections-2', epoch: 2 });
  });

  it('says it is free only while tryAcquire would take it: nobody holds it, its term ran out, or the asker holds it', () => {
    const clock = { now: 1_000_000 };
    const active = writer('projections-1', clock);
    const standby = writer('projections-2', clock);
    expect(standby.lease.isFree()).toBe(true);
    const term = active.lease.tryAcquire()!;
    expect(standby.lease.isFree()).toBe(false);
    expect(active.lease.isFree()).toBe(true);
    clock.now += 3_000;
    expect(standby.lease.isFree()).toBe(true);
    expect(active.lease.renew(term)).toBe(true);
    expect(standby.lease.isFree()).toBe(false);
    active.lease.release(term);
    expect(standby.lease.isFree()).toBe(true);
    expect(standby.lease.tryAcquire()).toMatchObject({ epoch: 2 });
  });

  it('passes at once when the holder gives it up at an orderly stop', () => {
    const clock = { now: 5_000 };
    const active = writer('projections-1', clock);
    const standby = writer('projections-2', clock);
    active.lease.release(active.lease.tryAcquire()!);
    expect(standby.lease.tryAcquire()).toMatchObject({ epoch: 2 });
  });

  it('refuses, whole, the late writes of a deposed holder, and keeps the new holder’s', async () => {
    const clock = { now: 0 };
    const active = writer('projections-1', clock);
    const standby = writer('projections-2', clock);
    const old = active.lease.tryAcquire()!;
    active.store.fenceWrites(() => active.lease.check(old));
    await active.store.writeAll(insert('before'));
    // The active one hangs past its term; the standby takes over and writes.
    clock.now += 3_001;
    const taken = standby.lease.tryAcquire()!;
    standby.store.fenceWrites(() => standby.lease.check(taken));
    await standby.store.writeAll(insert('by the new holder'));
    // Awake again, the deposed one writes what it had folded: refused, all of it, by either way of writing.
    await expect(active.store.writeAll([...insert('late 1'), ...insert('late 2')])).rejects.toThrow(LeaseLostError);
    await expect(active.store.collection('writes').bulkWrite([{ insertOne: { document: { _id: 'late 3' } } }])).rejects.toThrow(
      LeaseLostError,
    );
    const ids = (await standby.store.collection('writes').find({})).map((document) => document._id).sort();
    expect(ids).toEqual(['before', 'by the new holder']);
  });

  it('passes from a holder killed with SIGKILL to a standby process within its term, which carries on writing', async () => {
    const ttlMs = 1_500;
    const first = holderProcess('projections-1', ttlMs);
    await first.wrote(20);
    const standby = holderProcess('projections-2', ttlMs);
    await standby.waiting();
    // Past two terms, the active one renewing: the standby has written nothing.
    await new Promise((resolve) => setTimeout(resolve, 2 * ttlMs));
    expect(standby.written()).toBe(0);
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    await standby.wrote(1);
    const failover = Date.now() - killedAt;
    standby.child.kill('SIGKILL');
    console.log(`lease failover after SIGKILL: ${failover} ms (term ${ttlMs} ms)`);
    expect(failover).toBeLessThan(ttlMs + 2_000);
    // Everything either printed as committed is in the file; the killed one's last write, if it was mid-way, is not half there.
    const reader = new SqliteReadStore({ file, reader: true });
    opened.push(reader);
    const documents = await reader.collection<{ _id: string; holder: string; epoch: number; n: number }>('writes').find({});
    const byHolder = (holder: string) =>
      documents
        .filter((document) => document.holder === holder)
        .map((document) => document.n)
        .sort((a, b) => a - b);
    expect(byHolder('projections-1').slice(0, first.written())).toEqual(Array.from({ length: first.written() }, (_, n) => n + 1));
    expect(byHolder('projections-2').slice(0, standby.written())).toEqual(Array.from({ length: standby.written() }, (_, n) => n + 1));
    expect(new Set(documents.filter((document) => document.holder === 'projections-2').map((document) => document.epoch))).toEqual(
      new Set([2]),
    );
  }, 30_000);

  it('keeps its epoch through a reset of the file’s layout, so a writer of the old layout is still fenced', async () => {
    const clock = { now: 0 };
    const old = writer('projections-1', clock);
    const term = old.lease.tryAcquire()!;
    old.store.fenceWrites(() => old.lease.check(term));
    old.store.db.pragma('user_version = 0'); // As a file made by another layout.
    clock.now += 3_001;
    const upgraded = writer('projections-2', clock); // Opening it resets the layout: every table dropped.
    expect(upgraded.lease.tryAcquire()).toMatchObject({ epoch: 2 });
    await expect(old.store.writeAll(insert('late'))).rejects.toThrow(LeaseLostError);
  });
});

const CHILD = fileURLToPath(new URL('./testing/lease-holder-child.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A writer process under the lease (testing/lease-holder-child.ts), and how many writes it says it committed. */
function holderProcess(holder: string, ttlMs: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, holder, String(ttlMs)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let committed = 0;
  let stderr = '';
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = chunk.split('\n').filter(Boolean);
    if (lines.includes('waiting')) saidWaiting();
    committed += lines.filter((line) => line !== 'waiting').length;
    for (const waiter of waiters.filter((candidate) => committed >= candidate.count)) waiter.resolve();
  });
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  let saidWaiting: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => (saidWaiting = resolve));
  const exited = new Promise<never>((_resolve, reject) =>
    child.on('exit', (code, signal) => reject(new Error(`${holder} exited (${String(code ?? signal)}): ${stderr}`))),
  );
  exited.catch(() => undefined);
  children.push(child);
  return {
    child,
    /** Once the process found the lease held by another and waits for it. */
    waiting: () => Promise.race([waiting, exited]),
    written: () => committed,
    wrote: (count: number) =>
      Promise.race([new Promise<void>((resolve) => (committed >= count ? resolve() : waiters.push({ count, resolve }))), exited]),
  };
}
