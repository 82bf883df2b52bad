import { auditExportLine } from '@testament/contracts';
import { trustedKeyFrom, verifyExportLines } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { addResult, createCase, createSuite, testsOfPlan, createPlan, userIdOf } from '../../testing/builders.ts';
import { assign } from '../../testing/people.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

// The trail on its own thread, as the server runs it.
const world = catalogueWorldForFile({ auditThread: true });
const USER_ROLE = 2;

/** A project where alice made a case, renamed it twice and recorded a result on its test. */
async function auditedProject(name: string) {
  const project = await world.newProject(name);
  const suite = await createSuite(world.alice, project, 'Audited suite');
  const created = await createCase(world.alice, project, suite, { name: 'Login works' });
  for (const next of ['Login works offline', 'Login works anywhere']) {
    const edited = await world.alice.put(`/api/v2/cases/${created.id}/`, { ...created, suite, name: next, scenario: 'Sign in' });
    expect(edited.statusCode, edited.body).toBe(200);
  }
  const plan = await createPlan(world.alice, project, { test_cases: [created.id] });
  const [test] = await testsOfPlan(world.alice, plan);
  await addResult(world.alice, test!.id, 1);
  return { project, suite, caseId: created.id as number, plan, testId: test!.id };
}

const events = (query: string) => world.alice.get(`/api/v2/audit/events/?${query}`);

describe('audit trail', () => {
  it('shows each change of a case with the fields it changed, and a result added to its test', async () => {
    const { project, caseId, testId } = await auditedProject('Audit rows');
    const changed = await events(`project=${project}&object_type=case&action=changed&ordering=position`);
    expect(changed.statusCode, changed.body).toBe(200);
    const rows = changed.json().results;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      event_type: 'CaseVersioned',
      object: { type: 'case', id: caseId, name: 'Login works offline' },
      actor: { username: 'alice' },
    });
    expect(rows[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Login works', after: 'Login works offline' },
        { field: 'version', before: 1, after: 2 },
      ]),
    );
    expect(rows[0].summary).toContain('changed the name from "Login works" to "Login works offline"');
    expect(rows[1].changes).toContainEqual({ field: 'name', before: 'Login works offline', after: 'Login works anywhere' });
    const results = (await events(`project=${project}&action=result_added`)).json().results;
    expect(results).toHaveLength(1);
    const status = (await world.alice.get('/api/v2/statuses/1/')).json().name;
    expect(results[0]).toMatchObject({
      object: { type: 'test', id: testId, name: 'Login works anywhere' },
      summary: `added result ${status} to test ${testId}`,
    });
    expect(results[0].changes).toContainEqual({ field: 'last_status', before: null, after: status });
  });

  it('filters by actor, event type, object, correlation and time, and refuses a reversed range', async () => {
    const { project, caseId } = await auditedProject('Audit filters');
    const alice = await userIdOf(world.alice);
    const all = (await events(`project=${project}&page_size=1000`)).json();
    expect(all.results.every((row: { project: number }) => row.project === project)).toBe(true);
    expect((await events(`project=${project}&actor=${alice}&page_size=1000`)).json().count).toBe(
      all.results.filter((row: { actor: { id: number } | null }) => row.actor?.id === alice).length,
    );
    expect((await events(`project=${project}&event_type=CaseCreated,CaseVersioned`)).json().count).toBe(3);
    expect((await events(`project=${project}&object_type=case&object_id=${caseId}`)).json().count).toBe(3);
    const first = all.results[all.results.length - 1];
    expect(
      (await events(`project=${project}&correlation_id=${first.correlation_id}`))
        .json()
        .results.map((row: { position: number }) => row.position),
    ).toContain(first.position);
    const since = new Date(Date.now() + 60_000).toISOString();
    expect((await events(`project=${project}&since=${since}`)).json().count).toBe(0);
    expect((await events(`project=${project}&search=anywhere`)).json().count).toBeGreaterThan(0);
    const reversed = await events(`project=${project}&since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z`);
    expect([reversed.statusCode, reversed.json()]).toEqual([400, { until: ['The end of the time range is before its start.'] }]);
    expect((await events(`project=${project}&object_type=planet`)).statusCode).toBe(400);
  });

  it('keeps its pages while events are appended: further pages are anchored at the first page’s head', async () => {
    const { project, suite } = await auditedProject('Audit paging');
    const first = (await events(`project=${project}&page_size=3`)).json();
    await createCase(world.alice, project, suite, { name: 'Appended meanwhile' });
    const second = (await world.alice.get(first.links.next)).json();
    expect(second.head).toBe(first.head);
    expect(second.count).toBe(first.count);
    const whole = (await events(`project=${project}&page_size=6&position_lte=${first.head}`)).json().results;
    expect([...first.results, ...second.results].map((row: { position: number }) => row.position)).toEqual(
      whole.map((row: { position: number }) => row.position),
    );
    expect((await events(`project=${project}`)).json().count).toBe(first.count + 1);
  });

  it(
    'shows a bulk job as one row standing for its events, which its ' +
      'correlation id pages; flat lists and the export still hold every event',
    async () => {
      const { project, suite } = await auditedProject('Audit jobs');
      const cases = [];
      for (const n of [1, 2, 3, 4, 5]) cases.push((await createCase(world.alice, project, suite, { name: `Bulk ${n}` })).id);
      const plan = await createPlan(world.alice, project, { test_cases: cases });
      const bob = await userIdOf(world.bob);
      const bulk = await world.alice.put('/api/v2/tests/bulk-update/', { project, current_plan: plan, assignee_id: bob });
      expect(bulk.statusCode, bulk.body).toBe(200);

      const flat = (await events(`project=${project}&page_size=1000`)).json();
      const grouped = (await events(`project=${project}&page_size=1000&group=jobs`)).json();
      const job = grouped.results.filter((row: { event_type: string }) => row.event_type === 'BulkJobRequested');
      expect(job).toHaveLength(1);
      // The request, then five assignments and the chunk's mark in one append, the progress and the end.
      expect(job[0].group).toEqual({ events: 8 });
      expect(grouped.count).toBe(flat.count - 8);
      expect(grouped.results.filter((row: { group: unknown }) => row.group !== null)).toHaveLength(1);
      expect(grouped.results.some((row: { event_type: string }) => row.event_type === 'TestAssigned')).toBe(false);
      expect(flat.results.every((row: { group: unknown }) => row.group === null)).toBe(true);

      const members = (
        await events(
          `project=${project}&correlation_id=${job[0].correlation_id}&position_gt=${job[0].position}&ordering=position&page_size=3`,
        )
      ).json();
      expect(members.count).toBe(8);
      expect(members.results.map((row: { event_type: string }) => row.event_type)).toEqual([
        'TestAssigned',
        'TestAssigned',
        'TestAssigned',
      ]);
      const rest = (await world.alice.get(members.links.next))
        .json()
        .results.concat((await world.alice.get((await world.alice.get(members.links.next)).json().links.next)).json().results);
      expect(rest.map((row: { event_type: string }) => row.event_type)).toEqual([
        'TestAssigned',
        'TestAssigned',
        'BulkJobChunkApplied',
        'BulkJobProgressed',
        'BulkJobFinished',
      ]);

      const exported = (await world.alice.get(`/api/v2/audit/export/?project=${project}`)).body.trim().split('\n');
      expect(exported).toHaveLength(flat.count);
      expect((await events(`project=${project}&group=everything`)).statusCode).toBe(400);
      // The whole system's list groups the same way, through its own index.
      const system = (await world.admin.get('/api/v2/audit/events/?group=jobs&page_size=1000')).json();
      expect(system.results.filter((row: { correlation_id: string }) => row.correlation_id === job[0].correlation_id)).toEqual([job[0]]);
    },
  );

  it('is read by superusers and by members whose roles grant view_audit, and shows nobody another project’s events', async () => {
    const { project } = await auditedProject('Audit access');
    expect((await world.bob.get(`/api/v2/audit/events/?project=${project}`)).statusCode).toBe(403);
    await assign(world.admin, project, await userIdOf(world.bob), [USER_ROLE]);
    const member = await world.bob.get(`/api/v2/audit/events/?project=${project}`);
    expect([member.statusCode, member.json()]).toEqual([
      403,
      { detail: 'You do not have permission to read the audit trail of this project.' },
    ]);
    expect((await world.alice.get('/api/v2/audit/events/')).statusCode).toBe(403);
    expect((await world.bob.get(`/api/v2/audit/verify/?project=${project}`)).statusCode).toBe(403);
    expect((await world.bob.get(`/api/v2/audit/export/?project=${project}`)).statusCode).toBe(403);
    const systemResponse = await world.admin.get('/api/v2/audit/events/?page_size=1000');
    expect(systemResponse.statusCode, systemResponse.body).toBe(200);
    const system = systemResponse.json();
    expect(system.results.some((row: { project: number | null }) => row.project === null)).toBe(true);
    const other = await auditedProject('Audit elsewhere');
    const mine = (await events(`project=${project}&page_size=1000`)).json().results;
    expect(mine.some((row: { project: number }) => row.project === other.project)).toBe(false);
    expect((await world.bob.get(`/api/v2/audit/objects/case/${other.caseId}/`)).statusCode).toBe(403);
  });

  it('tells an object’s whole life with diffs, a suite’s delete reaching the suites inside it', async () => {
    const { project, suite, caseId } = await auditedProject('Audit history');
    const history = (await world.alice.get(`/api/v2/audit/objects/case/${caseId}/`)).json();
    expect(history.results.map((row: { action: string }) => row.action)).toEqual(['created', 'changed', 'changed']);
    expect(history.results[0].changes).toContainEqual({ field: 'name', before: null, after: 'Login works' });
    const child = await createSuite(world.alice, project, 'Inner', suite);
    expect((await world.alice.delete(`/api/v2/suites/${suite}/`)).statusCode).toBe(204);
    const inner = (await world.alice.get(`/api/v2/audit/objects/suite/${child}/`)).json().results;
    expect(inner.map((row: { action: string; object: { id: number } }) => [row.action, row.object.id])).toEqual([
      ['created', child],
      ['deleted', suite],
    ]);
    expect((await world.alice.get(`/api/v2/audit/objects/planet/1/`)).statusCode).toBe(400);
    expect((await world.alice.get(`/api/v2/audit/objects/case/999999/`)).statusCode).toBe(404);
    expect((await world.alice.get(`/api/v2/audit/objects/user/${await userIdOf(world.bob)}/`)).statusCode).toBe(403);
    const bobsLife = (await world.admin.get(`/api/v2/audit/objects/user/${await userIdOf(world.bob)}/`)).json().results;
    expect(bobsLife.find((row: { action: string }) => row.action === 'created')).toMatchObject({
      event_type: 'UserRegistered',
      object: { name: 'bob' },
    });
    expect(JSON.stringify(bobsLife)).not.toMatch(/passwordHash|sessionHash/);
  });

  it('exports lines that verify offline, and a changed line is found', async () => {
    const { project } = await auditedProject('Audit export');
    const exported = await world.alice.get(`/api/v2/audit/export/?project=${project}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/x-ndjson');
    const lines = exported.body.trim().split('\n');
    expect(lines.length).toBe((await events(`project=${project}`)).json().count);
    expect(JSON.parse(lines[0]!)).toMatchObject({ project, hash: expect.any(String), previous_hash: null });
    for (const line of lines) expect(auditExportLine.safeParse(JSON.parse(line)).success, line).toBe(true);
    // Checked against the key the server serves, as a reader of the file would.
    const served = (await world.alice.get('/api/v2/audit/signing-key/')).json();
    expect(served).toMatchObject({ algorithm: 'Ed25519', key_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const key = trustedKeyFrom(served.public_key);
    expect(await verifyExportLines(lines, key)).toMatchObject({ ok: true, eventsChecked: lines.length });
    expect(JSON.parse(lines.at(-1)!).signature).toMatch(new RegExp(`^ed25519 ${served.key_id} end `));
    const tampered = [...lines];
    const victim = JSON.parse(tampered[2]!);
    victim.data = { ...victim.data, name: 'Forged' };
    tampered[2] = JSON.stringify(victim);
    expect((await verifyExportLines(tampered, key)).firstBreak).toMatchObject({
      position: victim.position,
      reason: 'line 3: the hash does not match the event’s content',
    });
    const retold = [...lines];
    const summarised = JSON.parse(retold[2]!);
    retold[2] = JSON.stringify({ ...summarised, summary: 'signed in' });
    expect((await verifyExportLines(retold, key)).firstBreak).toMatchObject({
      position: summarised.position,
      reason: expect.stringMatching(/^line 3: its readable fields \(project, object, summary\)/),
    });
    const csv = await world.alice.get(`/api/v2/audit/export/?project=${project}&format=csv`);
    expect(csv.body.split('\r\n')[0]).toBe(
      'position,time,actor,event_type,object_type,object_id,object_name,project,summary,' +
        'correlation_id,stream,revision,schema_version,data,metadata,previous_hash,hash,seal,signature',
    );
    // The CSV carries the same evidence: it verifies too, and a changed name in its data is found.
    const records = csv.body.split('\r\n');
    // Its columns from the trail's row: the time, the actor's name and the correlation id.
    const first = JSON.parse(lines[0]!);
    expect(records[1]!.startsWith(`${first.position},${first.metadata.time},admin,`), records[1]).toBe(true);
    expect(records[1]).toContain(`,${first.metadata.correlationId},`);
    expect(await verifyExportLines(records, key)).toMatchObject({ ok: true, eventsChecked: lines.length });
    const forged = records.map((record) => record.replace('""name"":""Login works offline""', '""name"":""Login works forged""'));
    expect(forged).not.toEqual(records);
    expect((await verifyExportLines(forged, key)).firstBreak).toMatchObject({
      reason: expect.stringMatching(/^line \d+: the hash does not match the event’s content$/),
    });
    const renamed = records.map((record, index) => (index === 1 ? record.replace(',admin,', ',mallory,') : record));
    expect((await verifyExportLines(renamed, key)).firstBreak).toMatchObject({
      reason: expect.stringMatching(/^line 1: its readable fields \(time, actor,/),
    });
  });

  it('verifies a project’s streams and the whole log', async () => {
    const { project } = await auditedProject('Audit verify');
    const verified = (await world.alice.get(`/api/v2/audit/verify/?project=${project}`)).json();
    expect(verified).toMatchObject({ ok: true, project, first_break: null });
    const listed = await events(`project=${project}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(verified.events_checked).toBe(listed.json().count);
    expect((await world.admin.get('/api/v2/audit/verify/')).json()).toMatchObject({ ok: true, project: null });
  });
});
