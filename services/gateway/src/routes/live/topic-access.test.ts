import { topicOwner, topics, type TopicOwner } from '@testament/contracts';
import { CUSTOM_ATTRIBUTES } from '@testament/projections/custom-attributes/custom-attributes-projection';
import { LABELS } from '@testament/projections/labels/labels-projection';
import { PARAMETERS } from '@testament/projections/parameters/parameters-projection';
import { STATUSES } from '@testament/projections/statuses/statuses-projection';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSuite, userIdOf } from '../../testing/builders.ts';
import { ORIGIN, type Browser } from '../../testing/harness.ts';
import { assign } from '../../testing/people.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

// The audit API reads the trail where the server folds it: on its own thread.
const world = catalogueWorldForFile({ auditThread: true });
const ADMIN_ROLE = 1;
let base: string;

beforeAll(async () => {
  await world.server.app.listen({ host: '127.0.0.1', port: 0 });
  base = `ws://127.0.0.1:${(world.server.app.server.address() as AddressInfo).port}`;
});

/** The topics `browser` may follow, of those asked, as the live channel acknowledges them. */
async function followed(browser: Browser, asked: string[]): Promise<Set<string>> {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const socket = new WebSocket(`${base}/ws/live/`, { headers: { host: new URL(ORIGIN).host, origin: ORIGIN, cookie } });
  try {
    const acknowledged = new Promise<string[]>((resolve, reject) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { subscribed?: string[] };
        if (message.subscribed) resolve(message.subscribed);
      });
      socket.on('error', reject);
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ subscribe: asked }));
    return new Set(await acknowledged);
  } finally {
    socket.close();
  }
}

describe('following a live topic', () => {
  it('is allowed exactly to those whom the API lets read what the topic announces, for every kind of topic', async () => {
    // The private project: bob manages it (his role grants view_audit), alice is a User there (she may read it, not its
    // audit trail), mallory only has the External user role (she may not even see it), admin is a superuser.
    const project = world.privateProject;
    await assign(world.admin, project, await userIdOf(world.bob), [ADMIN_ROLE]);
    const suite = await createSuite(world.admin, project, 'Followed');
    const aliceId = await userIdOf(world.alice);
    const outsiderId = await world.server.createUser('zed', 'Zed-pass1!'); // Shares no project with mallory, who is external.

    /** Each topic, and the read whose answer it announces changes of. */
    const reads: Array<[topic: string, path: string]> = [
      [topics.projects, '/api/v2/projects/'],
      [topics.project(project), `/api/v2/projects/${project}/`],
      [topics.suites(project), `/api/v2/suites/?project=${project}`],
      [topics.plans(project), `/api/v2/testplans/?project=${project}`],
      [topics.comments(project), `/api/v2/comments/?model=testsuite&object_id=${suite}`],
      [topics.audit(project), `/api/v2/audit/events/?project=${project}`],
      [topics.audit(null), '/api/v2/audit/events/'],
      [topics.user(outsiderId), `/api/v2/users/${outsiderId}/`],
    ];
    const people: Record<string, Browser> = { admin: world.admin, bob: world.bob, alice: world.alice, mallory: world.mallory };
    const allowedBy = new Map<string, { mayRead: string[]; mayFollow: string[] }>(
      reads.map(([topic]) => [topic, { mayRead: [], mayFollow: [] }]),
    );
    for (const [name, browser] of Object.entries(people)) {
      const following = await followed(
        browser,
        reads.map(([topic]) => topic),
      );
      for (const [topic, path] of reads) {
        const read = await browser.get(path);
        expect([200, 403, 404], `${name} ${path}: ${read.body}`).toContain(read.statusCode);
        if (read.statusCode === 200) allowedBy.get(topic)!.mayRead.push(name);
        if (following.has(topic)) allowedBy.get(topic)!.mayFollow.push(name);
      }
    }
    for (const [topic, { mayRead, mayFollow }] of allowedBy) expect(mayFollow, topic).toEqual(mayRead);
    // Each kind both lets someone in and keeps someone out (open topics: everyone signed in).
    const kinds = new Map<TopicOwner['kind'], string[][]>();
    for (const [topic, { mayRead }] of allowedBy)
      kinds.set(topicOwner(topic).kind, [...(kinds.get(topicOwner(topic).kind) ?? []), mayRead]);
    expect(kinds.get('open')).toEqual([Object.keys(people)]);
    for (const kind of ['project', 'audit', 'user'] as const) {
      for (const allowed of kinds.get(kind)!)
        expect(allowed.length > 0 && allowed.length < Object.keys(people).length, `${kind}: ${allowed}`).toBe(true);
    }
    expect(allowedBy.get(topics.audit(project))!.mayFollow).toEqual(['admin', 'bob']);

    // What only its owner reads (the API answers each caller with their own): its owner, and nobody else, not even a superuser.
    for (const topic of [
      topics.notifications(aliceId),
      topics.notificationSettings(aliceId),
      topics.apiTokens(aliceId),
      topics.bulkJobs(aliceId),
    ]) {
      expect((await followed(world.alice, [topic])).has(topic), topic).toBe(true);
      expect((await followed(world.admin, [topic])).has(topic), topic).toBe(false);
      expect((await followed(world.bob, [topic])).has(topic), topic).toBe(false);
    }
    // A catalogue or the attachments of every project: who reads every project's lists.
    const collections = [topics.attachments, ...[STATUSES, LABELS, PARAMETERS, CUSTOM_ATTRIBUTES].map(topics.catalogue)];
    expect(collections.map(topicOwner)).toEqual(collections.map(() => ({ kind: 'collection' })));
    expect([...(await followed(world.admin, collections))].sort()).toEqual([...collections].sort());
    expect(await followed(world.bob, collections)).toEqual(new Set());
  });
});
