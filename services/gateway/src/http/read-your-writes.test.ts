import type { Collection, Document } from '@testament/infra';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCase, createPlan, createSuite, testsOfPlan } from '../testing/builders.ts';
import { startTestServer, type Browser, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer({ writeWaitMs: 300 });
  admin = await server.signedIn('admin');
});
afterAll(() => server.close());

describe('read-your-writes', () => {
  it('answers a write only when the next read sees it', async () => {
    for (let i = 0; i < 20; i++) {
      const created = (await admin.post('/api/v2/projects/', { name: `RYW ${i}` })).json();
      expect((await admin.get(`/api/v2/projects/${created.id}/`)).statusCode).toBe(200);
    }
  });

  it('answers 503 with Retry-After when the read models fall behind the bounded wait; the write itself is kept', async () => {
    await server.system.runner.stop();
    const response = await admin.post('/api/v2/projects/', { name: 'Behind' }, { 'idempotency-key': 'behind-1' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json().detail).toMatch(/saved/);
    await server.system.runner.start();
    const retry = await admin.post('/api/v2/projects/', { name: 'Behind' }, { 'idempotency-key': 'behind-1' });
    expect(retry.statusCode).toBe(201);
    expect((await admin.get('/api/v2/projects/?name=behind')).json().count).toBe(1);
  });

  it('answers 503, not 404, when the answer read back lacks the saved change (an old copy an upgrade could not fold on)', async () => {
    const project = (await admin.post('/api/v2/projects/', { name: 'Left behind' })).json().id;
    const testCase = await createCase(admin, project, await createSuite(admin, project, 'Checkout'));
    const [test] = await testsOfPlan(admin, await createPlan(admin, project, { test_cases: [testCase.id] }));
    const reads = server.system.readStore;
    const collection = reads.collection.bind(reads);
    // The results as a copy that no longer takes new events shows them: none of those made from now on.
    const shown = new Set((await collection('results').find({ testId: test!.id })).map((result) => result._id));
    const spy = vi.spyOn(reads, 'collection').mockImplementation(<T extends Document>(name: string) => {
      const real = collection<T>(name);
      if (name !== 'results') return real;
      return new Proxy(real, {
        get: (target, property) =>
          property === 'findOne'
            ? async (filter: { _id: number }) => (shown.has(filter._id) ? target.findOne(filter) : null)
            : Reflect.get(target, property, target),
      }) as Collection<T>;
    });
    try {
      const response = await admin.post('/api/v2/results/', { test: test!.id, status: 1 }, { 'idempotency-key': 'left-behind-1' });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().detail).toMatch(/saved/);
    } finally {
      spy.mockRestore();
    }
    const retry = await admin.post('/api/v2/results/', { test: test!.id, status: 1 }, { 'idempotency-key': 'left-behind-1' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect((await admin.get(`/api/v2/results/?test=${test!.id}`)).json()).toHaveLength(1);
  });
});
