import { describe, expect, it } from 'vitest';
import { createCase, createSuite } from '../../testing/builders.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();
const BULK_MOVE = '/api/v2/test-cases/bulk-move/';

const namesIn = async (suite: number) =>
  (await world.alice.get(`/api/v2/suites/${suite}/cases/`)).json().results.map((row: { name: string }) => row.name);

describe('POST test-cases/bulk-move/', () => {
  it(
    'moves the list selection (filters, within current_suite, minus ' + 'exclusions) into the suite, each case a new version, labels kept',
    async () => {
      const project = await world.newProject('Bulk move');
      const from = await createSuite(world.alice, project, 'From');
      const inner = await createSuite(world.alice, project, 'Inner', from);
      const other = await createSuite(world.alice, project, 'Other');
      const to = await createSuite(world.alice, project, 'To');
      const one = await createCase(world.alice, project, from, { name: 'One', labels: [{ name: 'ui' }] });
      await createCase(world.alice, project, inner, { name: 'Two' });
      const three = await createCase(world.alice, project, inner, { name: 'Three' });
      await createCase(world.alice, project, other, { name: 'Elsewhere' });

      const moved = await world.alice.post(BULK_MOVE, { project, current_suite: from, excluded_cases: [three.id], suite: to });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(
        moved
          .json()
          .map((row: { name: string; suite: { id: number }; current_version: number }) => [row.name, row.suite.id, row.current_version]),
      ).toEqual([
        ['One', to, 2],
        ['Two', to, 2],
      ]);
      expect(await namesIn(to)).toEqual(['One', 'Two']);
      expect(await namesIn(inner)).toEqual(['Three']);
      expect(await namesIn(other)).toEqual(['Elsewhere']);
      expect((await world.alice.get(`/api/v2/cases/${one.id}/`)).json().labels.map((label: { name: string }) => label.name)).toEqual([
        'ui',
      ]);

      const included = await world.alice.post(BULK_MOVE, { project, included_cases: [three.id], suite: to });
      expect(included.json().map((row: { name: string }) => row.name)).toEqual(['Three']);
    },
  );

  it('needs a suite of the project to move into and one way of selecting, and moves nothing otherwise', async () => {
    const project = await world.newProject('Bulk move refusals');
    const from = await createSuite(world.alice, project, 'From');
    const made = await createCase(world.alice, project, from, { name: 'Stays' });
    const elsewhere = await createSuite(world.alice, await world.newProject('Another'), 'Far');
    expect((await world.alice.post(BULK_MOVE, { project, included_cases: [made.id] })).statusCode).toBe(400);
    expect((await world.alice.post(BULK_MOVE, { project, included_cases: [made.id], suite: elsewhere })).statusCode).toBe(400);
    expect((await world.alice.post(BULK_MOVE, { project, included_cases: [made.id], excluded_cases: [1], suite: from })).json()).toEqual({
      errors: ['Use included_cases or excluded_cases, not both.'],
    });
    expect(await namesIn(from)).toEqual(['Stays']);
  });

  it('needs the project visible (403) and a signed-in caller (401)', async () => {
    const hidden = await createSuite(world.alice, world.privateProject, 'Vaulted');
    expect((await world.bob.post(BULK_MOVE, { project: world.privateProject, suite: hidden })).statusCode).toBe(403);
    expect((await world.anonymous.post(BULK_MOVE, { project: world.privateProject, suite: hidden })).statusCode).toBe(401);
  });
});
