import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNatsServer, startNatsServer } from './nats-server-process.ts';
import { busContract } from './contract.ts';
import { MemoryBus } from './memory-bus.ts';
import { NatsBus } from './nats-bus.ts';

busContract('MemoryBus', async () => {
  const bus = new MemoryBus();
  return { buses: [bus, bus], cleanup: () => bus.close() };
});

let server: RunningNatsServer;
beforeAll(async () => {
  server = await startNatsServer();
});
afterAll(async () => {
  await server?.stop();
});

busContract('NatsBus', async () => {
  const buses: [NatsBus, NatsBus] = [
    await NatsBus.connect(server.url, { name: 'contract-a' }),
    await NatsBus.connect(server.url, { name: 'contract-b' }),
  ];
  return { buses, cleanup: async () => void (await Promise.all(buses.map((bus) => bus.close()))) };
});

describe('MemoryBus specifics', () => {
  it('rejects its pending requests when it closes', async () => {
    const bus = new MemoryBus();
    bus.reply('hangs', () => new Promise(() => undefined));
    const pending = bus.request('hangs', {});
    await bus.close();
    await expect(pending).rejects.toThrow(/closed/);
  });

  it('hands payloads over without copying them', async () => {
    const bus = new MemoryBus();
    const payload = { big: 'object' };
    const received = new Promise((resolve) => bus.subscribe('same', resolve));
    bus.publish('same', payload);
    expect(await received).toBe(payload);
    await bus.close();
  });
});

describe('NatsBus specifics', () => {
  it('lets replies already being computed reach their requester when the replier closes', async () => {
    const replier = await NatsBus.connect(server.url);
    const requester = await NatsBus.connect(server.url);
    let startHandling!: () => void;
    const handling = new Promise<void>((resolve) => (startHandling = resolve));
    replier.reply('drain.me', async () => {
      startHandling();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return 'finished';
    });
    await replier.flush();

    const answer = requester.request('drain.me', {});
    await handling;
    await replier.close();
    await expect(answer).resolves.toBe('finished');
    await requester.close();
  });

  it('takes a cluster’s servers, comma-separated, and carries on through the other when the one it used goes', async () => {
    const first = await startNatsServer({ cluster: { routes: [] } });
    const second = await startNatsServer({ cluster: { routes: [first.clusterUrl!] } });
    try {
      // The replier knows the second server only; the requester starts on the first, routed to the second.
      const replier = await NatsBus.connect(second.url);
      replier.reply('cluster.echo', (payload) => payload);
      await replier.flush();
      const requester = await NatsBus.connect(`${first.url}, ${second.url}`);
      const answered = async () => {
        for (let attempt = 0; ; attempt++) {
          try {
            return await requester.request('cluster.echo', { attempt }, { timeoutMs: 500 });
          } catch (error) {
            if (attempt >= 40) throw error; // the route or the reconnect did not come within 20 s
          }
        }
      };
      expect(await answered()).toMatchObject({ attempt: expect.any(Number) });
      await first.stop();
      expect(await answered()).toMatchObject({ attempt: expect.any(Number) });
      await requester.close();
      await replier.close();
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('refuses a request larger than the server carries as payload_too_large, without sending it', async () => {
    const bus = await NatsBus.connect(server.url);
    let asked = 0;
    bus.reply('too.big', () => ++asked);
    await bus.flush();
    // nats-server's max_payload is 1 MB unless configured.
    const refused = bus.request('too.big', { text: 'x'.repeat(1_100_000) });
    await expect(refused).rejects.toMatchObject({ name: 'BusRequestError', code: 'payload_too_large' });
    expect(await bus.request('too.big', { text: 'small' })).toBe(1);
    await bus.close();
  });
});
