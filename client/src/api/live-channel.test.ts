import { describe, expect, it } from 'vitest';
import { LiveChannel } from './live-channel.ts';

/** A socket the test plays the server of: it opens at once, keeps what the client sends and delivers what the test says. */
class ScriptedSocket {
  static last: ScriptedSocket | undefined;
  readonly OPEN = 1;
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  binaryType = 'blob';

  constructor(readonly url: string) {
    ScriptedSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.readyState = 3;
  }

  deliver(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

async function followed(topic: string, clock: { now: number }) {
  const live = new LiveChannel('ws://server/ws/live/', ScriptedSocket as unknown as typeof WebSocket, () => clock.now);
  const notices: string[] = [];
  live.changes(topic).subscribe(() => notices.push(topic));
  await settled();
  return { live, notices, socket: ScriptedSocket.last! };
}

describe('the live channel’s missed changes', () => {
  it('asks which topics changed after an answer that came before the subscription was acknowledged', async () => {
    const clock = { now: 1_000 };
    const { live, socket } = await followed('project:1:plans', clock);
    live.answeredAt(40);
    live.answeredAt(42);
    socket.deliver({ subscribed: ['project:1:plans'], position: 45 });
    expect(socket.sent).toEqual([{ subscribe: ['project:1:plans'] }, { changedSince: 40, topics: ['project:1:plans'] }]);
  });

  it('asks again for an answer read before the subscription that comes after its acknowledgement, and not for a newer one', async () => {
    const clock = { now: 1_000 };
    const { live, socket } = await followed('projects', clock);
    socket.deliver({ subscribed: ['projects'], position: 50 });
    live.answeredAt(50);
    live.answeredAt(48);
    expect(socket.sent.slice(1)).toEqual([{ changedSince: 48, topics: ['projects'] }]);
  });

  it(
    'matches answers read around a subscription however long its ' + 'acknowledgement takes, and none from long before it was sent',
    async () => {
      const clock = { now: 1_000 };
      const live = new LiveChannel('ws://server/ws/live/', ScriptedSocket as unknown as typeof WebSocket, () => clock.now);
      live.answeredAt(10);
      clock.now += 20_000;
      live.changes('projects').subscribe();
      await settled();
      const socket = ScriptedSocket.last!;
      live.answeredAt(30);
      // A slow acknowledgement (a busy server, a held message): the answer at 30 came as the subscription went out.
      clock.now += 40_000;
      socket.deliver({ subscribed: ['projects'], position: 50 });
      expect(socket.sent.slice(1)).toEqual([{ changedSince: 30, topics: ['projects'] }]);
      // A minute after the acknowledgement, an older answer is another screen's.
      clock.now += 61_000;
      live.answeredAt(20);
      expect(socket.sent.slice(1)).toEqual([{ changedSince: 30, topics: ['projects'] }]);
    },
  );

  it('passes the server’s notices on as changes', async () => {
    const { notices, socket } = await followed('projects', { now: 0 });
    socket.deliver({ subscribed: ['projects'], position: 5 });
    socket.deliver({ topic: 'projects', position: 6 });
    socket.deliver({ topic: 'users', position: 6 });
    expect(notices).toEqual(['projects']);
  });
});
