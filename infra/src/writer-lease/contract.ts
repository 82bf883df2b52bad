/**
 * Contract every WriterLease adapter must pass, with the store it fences: terms on the real clock (the MongoDB lease runs
 * on the server's), kept short so a term runs out within a test.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LeaseLostError, type LeaseTerm, type WriterLease } from '../ports/writer-lease.ts';
import { describeSkippedSuite } from '../testing/skipped-suite.ts';

/** A holder: its lease, and its writes to the shared store, fenced by the term it names. */
export interface LeaseHolder {
  lease: WriterLease;
  write(term: LeaseTerm, ids: string[]): Promise<void>;
  /** Empties the shared collection (as a rebuild starts), fenced by the term. */
  empty(term: LeaseTerm): Promise<void>;
}

export interface LeasesUnderTest {
  /** A holder of the lease named `read-models`, on a connection of its own, with terms of `ttlMs`. */
  holder(name: string, ttlMs: number): Promise<LeaseHolder>;
  /** The ids written to the shared store, sorted. */
  written(): Promise<string[]>;
  cleanup(): Promise<void>;
}

const TTL_MS = 600;
/** Past a term, with room for a slow machine's scheduling. */
const PAST_TERM_MS = TTL_MS + 150;

export function writerLeaseContract(name: string, makeLeases: (() => Promise<LeasesUnderTest>) | null, skipReason?: string): void {
  if (!makeLeases) {
    describeSkippedSuite(`WriterLease contract: ${name}`, skipReason ?? 'no reason given');
    return;
  }
  describe(`WriterLease contract: ${name}`, () => {
    let leases: LeasesUnderTest;
    beforeEach(async () => {
      leases = await makeLeases();
    });
    afterEach(() => leases.cleanup());

    it('has one holder at a time; a standby takes it once the term runs out, under a higher epoch', async () => {
      const active = await leases.holder('projections-1', TTL_MS);
      const standby = await leases.holder('projections-2', TTL_MS);
      const first = await active.lease.tryAcquire();
      expect(first).toMatchObject({ epoch: 1 });
      expect(await standby.lease.tryAcquire()).toBeNull();
      expect(await standby.lease.holderNow()).toMatchObject({ holder: 'projections-1', epoch: 1 });
      await sleep(PAST_TERM_MS);
      expect(await standby.lease.tryAcquire()).toMatchObject({ epoch: 2 });
      expect(await active.lease.renew(first!)).toBe(false);
      expect(await active.lease.holderNow()).toMatchObject({ holder: 'projections-2', epoch: 2 });
    });

    it('stays with a holder that renews within its terms', async () => {
      const active = await leases.holder('projections-1', TTL_MS);
      const standby = await leases.holder('projections-2', TTL_MS);
      const term = (await active.lease.tryAcquire())!;
      for (let renewal = 0; renewal < 4; renewal++) {
        await sleep(TTL_MS / 3);
        expect(await active.lease.renew(term)).toBe(true);
        expect(await standby.lease.tryAcquire()).toBeNull();
      }
      expect(term.expiresAt).toBeGreaterThan(Date.now() - TTL_MS);
    });

    it('is free only while tryAcquire would take it: nobody holds it, its term ran out, or the asker holds it', async () => {
      const active = await leases.holder('projections-1', TTL_MS);
      const standby = await leases.holder('projections-2', TTL_MS);
      expect(await standby.lease.isFree()).toBe(true);
      await active.lease.tryAcquire();
      expect(await standby.lease.isFree()).toBe(false);
      expect(await active.lease.isFree()).toBe(true);
      await sleep(PAST_TERM_MS);
      expect(await standby.lease.isFree()).toBe(true);
    });

    it('passes at once when the holder gives it up at an orderly stop', async () => {
      const active = await leases.holder('projections-1', 60_000);
      const standby = await leases.holder('projections-2', 60_000);
      await active.lease.release((await active.lease.tryAcquire())!);
      expect(await standby.lease.isFree()).toBe(true);
      expect(await standby.lease.tryAcquire()).toMatchObject({ epoch: 2 });
    });

    it('refuses, whole, the late writes of a deposed holder, and keeps the new holder’s', async () => {
      const active = await leases.holder('projections-1', TTL_MS);
      const standby = await leases.holder('projections-2', TTL_MS);
      const old = (await active.lease.tryAcquire())!;
      await active.write(old, ['before']);
      // The active one hangs past its term; the standby takes over and writes.
      await sleep(PAST_TERM_MS);
      const taken = (await standby.lease.tryAcquire())!;
      await standby.write(taken, ['by the new holder']);
      // Awake again, the deposed one writes what it had folded: refused, all of it.
      await expect(active.write(old, ['late 1', 'late 2'])).rejects.toThrow(LeaseLostError);
      await expect(active.empty(old)).rejects.toThrow(LeaseLostError);
      expect(await leases.written()).toEqual(['before', 'by the new holder']);
    });

    it('lets a restarted holder of the same name take it at once, fencing its earlier incarnation', async () => {
      const before = await leases.holder('projections-1', 60_000);
      const old = (await before.lease.tryAcquire())!;
      const restarted = await leases.holder('projections-1', 60_000);
      const term = (await restarted.lease.tryAcquire())!;
      expect(term.epoch).toBe(old.epoch + 1);
      await restarted.write(term, ['after the restart']);
      await expect(before.write(old, ['from before'])).rejects.toThrow(LeaseLostError);
      expect(await leases.written()).toEqual(['after the restart']);
    });
  });
}
