import { readModelProjections, readModelVersions } from '@testament/projections';
import { heldBack } from '@testament/projections/testing/held-build';
import { tempDirEach } from '@testament/infra/testing/temp-dir';
import { afterEach, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan } from '../testing/builders.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { createProject } from '../testing/people.ts';

const dataDir = tempDirEach('upgrade');
let server: TestServer | undefined;
/** Lets the held build go on (a failed test's too, or its server would not stop). */
let release = () => {};

afterEach(async () => {
  release();
  await server?.close();
  server = undefined;
});

it('during an upgrade that changes every read model, old copies take writes: a result answers 201, a new session signs in', async () => {
  server = await startTestServer({ dataDir: dataDir() });
  const admin = await server.signIn('admin');
  const project = (await createProject(admin, { name: 'Upgraded' })).id;
  const suite = await createSuite(admin, project, 'Checkout');
  const testCase = await createCase(admin, project, suite);
  const plan = await createPlan(admin, project, { test_cases: [testCase.id] });
  const [test] = await testsOfPlan(admin, plan);
  await addResult(admin, test!.id, 1);
  await server.close();

  // New code for every read model, as a change of the runner makes it.
  const versions = new Map([...readModelVersions(readModelProjections)].map(([name, version]) => [name, `${version}+upgrade`]));
  const held = new Promise<void>((resolve) => (release = resolve));
  server = await startTestServer({ dataDir: dataDir() }, { readModels: { versions, wrapBuild: (build) => heldBack(build, held) } });
  expect(server.system.runner.status().building?.models).toHaveLength(readModelProjections.length);

  // Sessions are a read model too: a sign-in meanwhile is one of its writes.
  const tester = await server.signIn('admin');
  const recorded = await tester.post('/api/v2/results/', { test: test!.id, status: 2, comment: 'during the upgrade' });
  expect(recorded.statusCode, recorded.body).toBe(201);
  const results = await tester.get(`/api/v2/results/?test=${test!.id}`);
  expect(results.json().map((result: { comment: string }) => result.comment)).toContain('during the upgrade');
  expect(server.system.runner.status().building).toBeDefined();

  // A request that named the old copy before the switch reads it after (a list counts, then finds).
  const namedBeforeTheSwitch = server.system.readStore.collection('tests');
  release();
  await server.system.runner.settled();
  expect(server.system.runner.status().models.every((model) => model.servedVersion === model.version)).toBe(true);
  expect(await namedBeforeTheSwitch.count({ _id: test!.id })).toBe(1);
  const afterSwitch = await tester.get(`/api/v2/results/?test=${test!.id}`);
  expect(afterSwitch.statusCode, afterSwitch.body).toBe(200);
  expect(afterSwitch.json().map((result: { comment: string }) => result.comment)).toContain('during the upgrade');
});
