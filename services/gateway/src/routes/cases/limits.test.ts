import { LIMITS } from '@testament/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSuite } from '../../testing/builders.ts';
import { startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: Browser;
let project: number;
let suite: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
  project = (await admin.post('/api/v2/projects/', { name: 'Capped cases' })).json().id;
  suite = await createSuite(admin, project, 'Capped');
});
afterAll(() => server.close());

const tooMany = (max: number) => [`Ensure this list has no more than ${max} items.`];
const labels = (count: number, prefix = 'label') => Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${index}` }));
const steps = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `Step ${index}`, scenario: 'Do it' }));
const labelCount = async () => (await admin.get(`/api/v2/labels/?project=${project}`)).json().length as number;

/** The request is refused with `errors`, and nothing is in the log that was not before it. */
async function refusedWhole(send: () => Promise<{ statusCode: number; json(): unknown }>, errors: Record<string, string[]>) {
  const head = await server.system.store.headPosition();
  const labelsBefore = await labelCount();
  const response = await send();
  expect([response.statusCode, response.json()]).toEqual([400, errors]);
  expect(await server.system.store.headPosition()).toBe(head);
  expect(await labelCount()).toBe(labelsBefore);
}

describe('a case', () => {
  it('holds at most LIMITS steps, labels and files, refused before anything is written (new labels included)', async () => {
    const body = { name: 'Big', project, suite, scenario: 'Do it' };
    await refusedWhole(() => admin.post('/api/v2/cases/', { ...body, is_steps: true, steps: steps(LIMITS.stepsPerCase + 1) }), {
      steps: tooMany(LIMITS.stepsPerCase),
    });
    await refusedWhole(() => admin.post('/api/v2/cases/', { ...body, labels: labels(LIMITS.labelsPerCase + 1) }), {
      labels: tooMany(LIMITS.labelsPerCase),
    });
    await refusedWhole(
      () =>
        admin.post('/api/v2/cases/', {
          ...body,
          attachments: Array.from({ length: LIMITS.attachmentsPerCase + 1 }, (_, index) => index + 1),
        }),
      {
        attachments: tooMany(LIMITS.attachmentsPerCase),
      },
    );
    const created = await admin.post('/api/v2/cases/', {
      ...body,
      is_steps: true,
      steps: steps(LIMITS.stepsPerCase),
      labels: labels(LIMITS.labelsPerCase),
    });
    expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
    expect(created.json().steps).toHaveLength(LIMITS.stepsPerCase);
    const { id } = created.json();
    await refusedWhole(() => admin.put(`/api/v2/cases/${id}/`, { ...body, labels: labels(LIMITS.labelsPerCase + 1, 'more') }), {
      labels: tooMany(LIMITS.labelsPerCase),
    });
  });
});

describe('a bulk update', () => {
  it(
    'names at most LIMITS.labelsPerRequest labels, and may not give a case ' +
      'more than LIMITS.labelsPerCase: refused whole, before any label is made',
    async () => {
      const full = (
        await admin.post('/api/v2/cases/', {
          name: 'Nearly full',
          project,
          suite,
          scenario: 'Do it',
          labels: labels(LIMITS.labelsPerCase - 3, 'kept'),
        })
      ).json();
      const roomy = (await admin.post('/api/v2/cases/', { name: 'Roomy', project, suite, scenario: 'Do it' })).json();
      const update = (names: Array<{ name: string }>, included = [full.id, roomy.id]) =>
        admin.put('/api/v2/cases/bulk-update/', { project, included_cases: included, labels_action: 'add', labels: names });
      await refusedWhole(() => update(labels(LIMITS.labelsPerRequest + 1, 'bulk')), { labels: tooMany(LIMITS.labelsPerRequest) });
      // Two labels it has, and four new ones: 101.
      await refusedWhole(() => update([{ name: 'kept 0' }, { name: 'KEPT 1' }, ...labels(4, 'new')]), {
        labels: [`Case ${full.id} would have more than ${LIMITS.labelsPerCase} labels.`],
      });
      expect((await admin.get(`/api/v2/cases/${full.id}/`)).json().labels).toHaveLength(LIMITS.labelsPerCase - 3);
      const fits = await update([{ name: 'kept 0' }, ...labels(3, 'new')]);
      expect(fits.statusCode, fits.body.slice(0, 300)).toBe(200);
      expect((await admin.get(`/api/v2/cases/${full.id}/`)).json().labels).toHaveLength(LIMITS.labelsPerCase);
      expect((await admin.get(`/api/v2/cases/${roomy.id}/`)).json().labels).toHaveLength(4);
    },
  );
});
