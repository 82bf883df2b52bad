/**
 * Contract every Bus adapter must pass. `makeBus` returns two instances attached to the
 * same transport (for NATS: two connections), and the tests publish on one and listen on
 * the other, so delivery across connections is what gets proven.
 *
 * Over a network a subscription becomes active only once the server has seen it, so after
 * subscribing, the listening bus is flushed before the other one publishes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Bus, BusRequestError } from '../ports/bus.ts';

export interface BusPair {
  buses: [Bus, Bus];
  cleanup(): Promise<void>;
}

interface Received {
  payload: unknown;
  subject: string;
}

const DELIVERY_WAIT = { timeout: 10_000, interval: 5 };

export function busContract(name: string, makeBus: () => Promise<BusPair>): void {
  describe(`Bus contract: ${name}`, () => {
    let pair: BusPair;
    let publisher: Bus;
    let listener: Bus;
    let prefix: string;

    beforeEach(async () => {
      pair = await makeBus();
      [publisher, listener] = pair.buses;
      prefix = uniquePrefix();
    });

    afterEach(async () => {
      vi.restoreAllMocks();
      await pair.cleanup();
    });

    /** Subscribes on the listening bus and makes sure the transport knows before returning. */
    async function collect(pattern: string): Promise<{ received: Received[]; unsubscribe: () => void }> {
      const received: Received[] = [];
      const unsubscribe = listener.subscribe(`${prefix}.${pattern}`, (payload, subject) => {
        received.push({ payload, subject: subject.slice(prefix.length + 1) });
      });
      await listener.flush();
      return { received, unsubscribe };
    }

    async function serve(bus: Bus, subject: string, handler: Parameters<Bus['reply']>[1]): Promise<void> {
      bus.reply(`${prefix}.${subject}`, handler);
      await bus.flush();
    }

    function request(subject: string, payload: unknown, timeoutMs?: number): Promise<unknown> {
      return publisher.request(`${prefix}.${subject}`, payload, timeoutMs === undefined ? undefined : { timeoutMs });
    }

    describe('publish/subscribe', () => {
      it('delivers a published payload, with its subject, to a subscriber on the other instance', async () => {
        const { received } = await collect('project.7');
        publisher.publish(`${prefix}.project.7`, { kind: 'changed', ids: [1, 2], nested: { ok: true } });
        await vi.waitFor(() => expect(received).toHaveLength(1), DELIVERY_WAIT);
        expect(received[0]).toEqual({ payload: { kind: 'changed', ids: [1, 2], nested: { ok: true } }, subject: 'project.7' });
      });

      it('carries every kind of JSON value, and undefined', async () => {
        const payloads = [null, 0, 42.5, '', 'text', true, false, [1, { a: 2 }], { deep: { list: [] } }, undefined];
        const { received } = await collect('kinds');
        for (const payload of payloads) publisher.publish(`${prefix}.kinds`, payload);
        await vi.waitFor(() => expect(received).toHaveLength(payloads.length), DELIVERY_WAIT);
        expect(received.map((message) => message.payload)).toEqual(payloads);
      });

      it('keeps the order of one publisher: 1,000 messages arrive in order', async () => {
        const { received } = await collect('sequence');
        const sent = Array.from({ length: 1000 }, (_, index) => index + 1);
        for (const sequence of sent) publisher.publish(`${prefix}.sequence`, { sequence });
        await publisher.flush();
        await vi.waitFor(() => expect(received).toHaveLength(sent.length), DELIVERY_WAIT);
        expect(received.map((message) => (message.payload as { sequence: number }).sequence)).toEqual(sent);
      });

      it('delivers to every subscriber of a subject', async () => {
        const first = await collect('fanout');
        const second = await collect('fanout');
        publisher.publish(`${prefix}.fanout`, 'hello');
        await vi.waitFor(() => {
          expect(first.received).toHaveLength(1);
          expect(second.received).toHaveLength(1);
        }, DELIVERY_WAIT);
      });

      it('matches exactly one token with `*`', async () => {
        const { received } = await collect('plan.*.changed');
        for (const subject of ['plan.1.changed', 'plan.1.removed', 'plan.1.x.changed', 'plan.changed', 'plan.2.changed']) {
          publisher.publish(`${prefix}.${subject}`, subject);
        }
        // The last message matches: once it is in, the earlier ones have had their chance.
        await vi.waitFor(() => expect(received.at(-1)?.subject).toBe('plan.2.changed'), DELIVERY_WAIT);
        expect(received.map((message) => message.subject)).toEqual(['plan.1.changed', 'plan.2.changed']);
      });

      it('matches one or more trailing tokens with `>`', async () => {
        const { received } = await collect('user.>');
        for (const subject of ['user', 'user.3', 'other.3', 'user.3.notifications.count', 'user.end']) {
          publisher.publish(`${prefix}.${subject}`, subject);
        }
        await vi.waitFor(() => expect(received.at(-1)?.subject).toBe('user.end'), DELIVERY_WAIT);
        expect(received.map((message) => message.subject)).toEqual(['user.3', 'user.3.notifications.count', 'user.end']);
      });

      it('stops delivering after unsubscribe', async () => {
        const leaving = await collect('topic');
        const staying = await collect('topic');
        publisher.publish(`${prefix}.topic`, 1);
        await vi.waitFor(() => expect(leaving.received).toHaveLength(1), DELIVERY_WAIT);

        leaving.unsubscribe();
        leaving.unsubscribe(); // idempotent
        await listener.flush();
        publisher.publish(`${prefix}.topic`, 2);
        await vi.waitFor(() => expect(staying.received).toHaveLength(2), DELIVERY_WAIT);
        expect(leaving.received.map((message) => message.payload)).toEqual([1]);
      });

      it('keeps delivering when a subscriber throws, and tells the error listener instead of the publisher', async () => {
        const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
        listener.subscribe(`${prefix}.fragile`, () => {
          throw new Error('subscriber broke');
        });
        listener.subscribe(`${prefix}.fragile`, async () => {
          throw new Error('async subscriber broke');
        });
        const { received } = await collect('fragile');
        publisher.publish(`${prefix}.fragile`, 1);
        publisher.publish(`${prefix}.fragile`, 2);
        await vi.waitFor(() => expect(received).toHaveLength(2), DELIVERY_WAIT);
        await vi.waitFor(() => expect(reported).toHaveBeenCalledTimes(4), DELIVERY_WAIT);
      });

      it('refuses malformed subjects', () => {
        for (const subject of ['', 'a..b', '.a', 'a.', 'a b', 'a.*', 'a.>']) {
          expect(() => publisher.publish(subject, 1), subject).toThrow();
        }
        for (const pattern of ['', 'a..b', 'a.>.b', 'a b']) {
          expect(() => listener.subscribe(pattern, () => undefined), pattern).toThrow();
        }
      });
    });

    describe('request/reply', () => {
      it('round-trips a request to a replier on the other instance', async () => {
        await serve(listener, 'echo', (payload, subject) => ({ echo: payload, subject }));
        await expect(request('echo', { question: 6 * 7 })).resolves.toEqual({
          echo: { question: 42 },
          subject: `${prefix}.echo`,
        });
      });

      it('waits for an asynchronous handler', async () => {
        await serve(listener, 'slow', async (payload) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { doubled: (payload as number) * 2 };
        });
        await expect(request('slow', 21)).resolves.toEqual({ doubled: 42 });
      });

      it('serves repliers that subscribe with a wildcard', async () => {
        await serve(listener, 'command.*', (_payload, subject) => subject.split('.').at(-1));
        await expect(request('command.archive', null)).resolves.toBe('archive');
      });

      it('answers each request exactly once when several repliers serve a subject', async () => {
        const handledBy = new Map<number, string[]>();
        const replier = (replierName: string) => (payload: unknown) => {
          const id = payload as number;
          handledBy.set(id, [...(handledBy.get(id) ?? []), replierName]);
          return { id, replierName };
        };
        await serve(publisher, 'work', replier('a'));
        await serve(listener, 'work', replier('b'));
        await serve(listener, 'work', replier('c'));

        const ids = Array.from({ length: 60 }, (_, index) => index);
        const answers = (await Promise.all(ids.map((id) => request('work', id)))) as { id: number; replierName: string }[];

        expect(answers.map((answer) => answer.id)).toEqual(ids);
        for (const id of ids) expect(handledBy.get(id), `request ${id}`).toHaveLength(1);
        // Distribution: 60 requests all landing on one of three repliers would be a broken queue group.
        expect(new Set(answers.map((answer) => answer.replierName)).size).toBeGreaterThan(1);
      });

      it('rejects with handler_error carrying the remote error when the handler throws', async () => {
        class ConflictError extends Error {
          override name = 'ConflictError';
          code = 'version_conflict';
          details = { stream: 'plan-42', expected: 3 };
          notSerialisable = () => undefined;
        }
        await serve(listener, 'fails', () => {
          throw new ConflictError('stream plan-42 moved on');
        });

        const error = await request('fails', {}).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(BusRequestError);
        const busError = error as BusRequestError;
        expect(busError.code).toBe('handler_error');
        expect(busError.message).toContain('stream plan-42 moved on');
        expect(busError.remote).toEqual({
          name: 'ConflictError',
          message: 'stream plan-42 moved on',
          code: 'version_conflict',
          details: { stream: 'plan-42', expected: 3 },
        });
      });

      it('rejects with handler_error when an async handler rejects, even with a non-Error', async () => {
        await serve(listener, 'rejects', async () => {
          throw 'plain string';
        });
        await expect(request('rejects', {})).rejects.toMatchObject({
          code: 'handler_error',
          remote: { name: 'Error', message: 'plain string' },
        });
      });

      it('rejects quickly with no_responders when nobody serves the subject', async () => {
        const started = Date.now();
        await expect(request('nobody.home', {}, 5_000)).rejects.toMatchObject({
          name: 'BusRequestError',
          code: 'no_responders',
        });
        expect(Date.now() - started).toBeLessThan(1_000);
      });

      it('rejects with no_responders once the only replier has unsubscribed', async () => {
        const unsubscribe = listener.reply(`${prefix}.gone`, () => 'here');
        await listener.flush();
        await expect(request('gone', {})).resolves.toBe('here');
        unsubscribe();
        await listener.flush();
        await expect(request('gone', {}, 5_000)).rejects.toMatchObject({ code: 'no_responders' });
      });

      it('rejects with timeout when the replier does not answer in time', async () => {
        let answerLate: (() => void) | undefined;
        await serve(listener, 'sleepy', () => new Promise((resolve) => (answerLate = () => resolve('late'))));
        const started = Date.now();
        await expect(request('sleepy', {}, 100)).rejects.toMatchObject({ name: 'BusRequestError', code: 'timeout' });
        const elapsed = Date.now() - started;
        expect(elapsed).toBeGreaterThanOrEqual(90);
        expect(elapsed).toBeLessThan(2_500); // the requested 100 ms, not the 5 s default
        answerLate?.(); // an answer after the timeout is dropped quietly
      });
    });

    describe('flush and close', () => {
      it('flush resolves on an idle bus and after publishing', async () => {
        await publisher.flush();
        for (let index = 0; index < 100; index++) publisher.publish(`${prefix}.flushed`, index);
        await expect(publisher.flush()).resolves.toBeUndefined();
      });

      it('close is idempotent and the closed instance refuses further use', async () => {
        const closing = publisher;
        await closing.close();
        await closing.close();
        expect(() => closing.publish(`${prefix}.after`, 1)).toThrow();
        expect(() => closing.subscribe(`${prefix}.after`, () => undefined)).toThrow();
        expect(() => closing.reply(`${prefix}.after`, () => undefined)).toThrow();
        await expect(closing.request(`${prefix}.after`, 1, { timeoutMs: 1_000 })).rejects.toThrow();
      });

      it('a closed instance receives nothing more', async () => {
        const seen: unknown[] = [];
        publisher.subscribe(`${prefix}.closed`, (payload) => seen.push(payload));
        await publisher.flush();
        await publisher.close();
        const { received } = await collectIfOpen(listener, `${prefix}.closed`);
        if (received) {
          // Separate connections: the other instance still works and proves the closed one hears nothing.
          listener.publish(`${prefix}.closed`, 'after close');
          await vi.waitFor(() => expect(received).toHaveLength(1), DELIVERY_WAIT);
        }
        expect(seen).toEqual([]);
      });
    });
  });
}

/** Subscribes when `bus` is still open (it is not when both halves of the pair are one object). */
async function collectIfOpen(bus: Bus, subject: string): Promise<{ received?: unknown[] }> {
  const received: unknown[] = [];
  try {
    bus.subscribe(subject, (payload) => received.push(payload));
  } catch {
    return {};
  }
  await bus.flush();
  return { received };
}

function uniquePrefix(): string {
  return `contract.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
