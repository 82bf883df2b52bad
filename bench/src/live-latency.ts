import { topics } from '@testament/contracts';
import WebSocket from 'ws';
import { call, connection, type Credentials } from './http-call.ts';
import { summarize, type LatencySummary } from './measure.ts';

/** Sockets following the plans: on a cluster, its gateways take them in turn. */
const SOCKETS = 4;
/** A notice not heard by then counts as lost. */
const NOTICE_TIMEOUT_MS = 10_000;

interface Follower {
  socket: WebSocket;
  /** Resolves at the next notice of the topic heard after it was set. */
  nextNotice: (() => void) | undefined;
}

/** A socket on `/ws/live/` as the browser app opens it, once the server acknowledged the topic. */
async function follow(baseUrl: string, credentials: Credentials, topic: string): Promise<Follower> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/live/`, { headers: { cookie: credentials.cookie, origin: baseUrl } });
  const follower: Follower = { socket, nextNotice: undefined };
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { topic?: string; subscribed?: string[] };
      if (message.subscribed?.includes(topic)) resolve();
      if (message.topic === topic) follower.nextNotice?.();
    });
    socket.once('open', () => socket.send(JSON.stringify({ subscribe: [topic] })));
  });
  return follower;
}

/**
 * From a result's POST until each of the sockets following its plan hears of it, one write at a time
 * (issue 48: a write's notice on the other gateways' websockets). Returns the latencies of every
 * write on every socket, and how many notices never came.
 */
export async function writeToNoticeLatency(
  baseUrl: string,
  credentials: Credentials,
  projectId: number,
  testIds: readonly number[],
  status: number,
  writes: number,
): Promise<{ latency: LatencySummary; lost: number }> {
  const topic = topics.plans(projectId);
  const followers = await Promise.all(Array.from({ length: SOCKETS }, () => follow(baseUrl, credentials, topic)));
  const agent = connection();
  const samples: number[] = [];
  let lost = 0;
  try {
    for (let write = 0; write < writes; write++) {
      const sentAt = performance.now();
      const heard = followers.map(
        (follower) =>
          new Promise<number | undefined>((resolve) => {
            const timeout = setTimeout(() => resolve(undefined), NOTICE_TIMEOUT_MS);
            follower.nextNotice = () => {
              clearTimeout(timeout);
              follower.nextNotice = undefined;
              resolve(performance.now() - sentAt);
            };
          }),
      );
      await call(
        agent,
        baseUrl,
        { kind: 'result', method: 'POST', path: '/api/v2/results/', body: { test: testIds[write % testIds.length], status }, expect: 201 },
        credentials,
      );
      for (const ms of await Promise.all(heard)) {
        if (ms === undefined) lost++;
        else samples.push(ms);
      }
    }
  } finally {
    agent.destroy();
    for (const { socket } of followers) socket.close();
  }
  return { latency: summarize(samples), lost };
}
