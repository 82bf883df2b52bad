import { reportPageKey, reportPlanTestsKey, streams, type StagedReportTest } from '@testament/contracts';
import { SqliteEventStore, SqliteIdAllocator, type EventStore, type RecordedEvent } from '@testament/infra';
import { makeTempDir, removeTempDir } from '@testament/infra/testing/temp-dir';
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommandService, type CommandService } from '../command-service.ts';
import { newCommandMeta } from '../kernel/command-meta.ts';
import { SYSTEM_ACTOR, type Actor } from '../kernel/decider.ts';
import type { ImportStaging } from './case-import.ts';

const PAGE = 7;
const OUTCOMES = ['passed', 'failed', 'error', 'skipped'] as const;

/** A staging store in memory, as the BlobStore keeps a staged report's pages. */
function memoryStaging(): ImportStaging & { files: Map<string, unknown> } {
  const files = new Map<string, unknown>();
  return { files, read: async (key) => files.get(key) ?? null, discard: async (key) => void files.delete(key) };
}

/** The log, failing the `failAt`-th append (counted from when it is armed) as a server that died at that instant. */
function crashingStore(store: EventStore) {
  const state = { armed: false, appends: 0, failAt: Number.POSITIVE_INFINITY };
  const crash = () => {
    if (state.armed && ++state.appends === state.failAt) throw new Error('the server died here');
  };
  const wrapped: EventStore = Object.create(store);
  wrapped.append = (...args) => {
    crash();
    return store.append(...args);
  };
  wrapped.appendMany = (...args) => {
    crash();
    return store.appendMany(...args);
  };
  return { store: wrapped, state };
}

const staged = (index: number, key: string, outcome: (typeof OUTCOMES)[number], firstLine: number | null): StagedReportTest => ({
  file: 'TEST-report.xml',
  line: index + 2,
  suitePath: [`Suite ${key.length % 2}`],
  key,
  caseRef: null,
  name: key,
  outcome,
  seconds: 1,
  comment: outcome === 'passed' ? '' : `**Failure** ${key}`,
  files: [],
  firstLine,
});

async function readAll(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let after = 0; ; ) {
    const page = await store.readAll(after, 10_000);
    if (page.length === 0) return events;
    events.push(...page);
    after = page.at(-1)!.position;
  }
}

async function waitUntil(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 400; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the job did not end');
}

interface World {
  dir: string;
  store: SqliteEventStore;
  ids: SqliteIdAllocator;
  owner: Actor;
  projectId: number;
}

async function world(): Promise<World> {
  const dir = await makeTempDir('report-import');
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  const ids = SqliteIdAllocator.open(join(dir, 'ids.sqlite'));
  const commands = createCommandService({ store, ids });
  const system = () => newCommandMeta(SYSTEM_ACTOR);
  await commands['roles.seed']({}, system());
  await commands['statuses.seed']({}, system());
  const { userId } = await commands['users.register'](
    {
      username: 'ci',
      email: 'ci@example.test',
      firstName: 'C',
      lastName: 'I',
      password: 'Secret-pass1!',
      isSuperuser: true,
      isActive: true,
    },
    system(),
  );
  const owner = { userId, isSuperuser: true, isExternal: false };
  const { projectId } = await commands['projects.create'](
    { name: 'CI', description: '', isPrivate: false, isArchive: false, icon: null },
    newCommandMeta(owner),
  );
  return { dir, store, ids, owner, projectId };
}

/** Stages the report's tests in pages and asks for its job; the job's id, or the run's earlier job. */
function requestImport(
  commands: CommandService,
  w: World,
  staging: ReturnType<typeof memoryStaging>,
  tests: StagedReportTest[],
  run: string,
  actor: Actor = w.owner,
) {
  const stagedKey = `imports/${run}`;
  for (let page = 0; page * PAGE < tests.length; page++)
    staging.files.set(reportPageKey(stagedKey, page), { tests: tests.slice(page * PAGE, (page + 1) * PAGE) });
  staging.files.set(reportPlanTestsKey(stagedKey), []);
  const folders = [...new Map(tests.map((test) => [JSON.stringify(test.suitePath), test.suitePath])).values()];
  const operation = {
    kind: 'report' as const,
    source: 'junit' as const,
    stagedKey,
    pageSize: PAGE,
    pages: Math.ceil(tests.length / PAGE),
    folders,
    planId: null,
    planName: 'Nightly',
    suiteId: null,
    runKey: run,
  };
  const itemIds = tests.map((_, index) => index + 1);
  return commands['bulk-jobs.request'](
    { projectId: w.projectId, operation, itemIds, suiteIds: [], planId: null, wait: true },
    newCommandMeta(actor),
  );
}

describe('report import as a bulk job', () => {
  it('makes each case and test once when two CI jobs import the same new tests into one plan at the same time', async () => {
    const w = await world();
    try {
      const staging = memoryStaging();
      const commands = createCommandService({ store: w.store, ids: w.ids, importStaging: staging });
      const { userId } = await commands['users.register'](
        {
          username: 'ci2',
          email: 'ci2@example.test',
          firstName: 'C',
          lastName: 'I',
          password: 'Secret-pass1!',
          isSuperuser: true,
          isActive: true,
        },
        newCommandMeta(SYSTEM_ACTOR),
      );
      const other = { userId, isSuperuser: true, isExternal: false };
      const tests = Array.from({ length: 60 }, (_, index) => staged(index, `com.shop.Test.case${index}`, OUTCOMES[index % 4]!, null));
      // The plan first, so both jobs record into the same one.
      await requestImport(commands, w, staging, tests.slice(0, 1), 'seed');
      await Promise.all([
        requestImport(commands, w, staging, tests, 'linux'),
        requestImport(createCommandService({ store: w.store, ids: w.ids, importStaging: staging }), w, staging, tests, 'windows', other),
      ]);
      const events = await readAll(w.store);
      expect(events.filter((event) => event.type === 'CaseCreated')).toHaveLength(60);
      expect(events.filter((event) => event.type === 'TestCreated')).toHaveLength(60);
      expect(events.filter((event) => event.type === 'ResultAdded')).toHaveLength(121);
    } finally {
      await w.store.close();
      await w.ids.close();
      await removeTempDir(w.dir);
    }
  }, 60_000);

  it('crashes anywhere, resumes, and leaves one case per key, one test per case and one result per test', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 25 }), fc.constantFrom(...OUTCOMES)), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        async (drawn, failAt, runTwice) => {
          const w = await world();
          try {
            // Keys drawn from a small range, so reports name some tests twice.
            const seen = new Map<string, number>();
            const tests = drawn.map(([n, outcome], index) => {
              const key = `com.shop.Test.case${n}`;
              const first = seen.get(key) ?? null;
              if (first === null) seen.set(key, index + 2);
              return staged(index, key, outcome, first);
            });
            const staging = memoryStaging();
            const crashing = crashingStore(w.store);
            const first = createCommandService({ store: crashing.store, ids: w.ids, importStaging: staging });
            crashing.state.armed = true;
            crashing.state.failAt = failAt;
            const jobId = await requestImport(first, w, staging, tests, 'run-1').then(
              (answer) => answer.jobId,
              () => null,
            );
            crashing.state.armed = false;
            // A new server: the job (if it was accepted) is resumed from its log.
            const second = createCommandService({ store: w.store, ids: w.ids, importStaging: staging });
            const jobs = streams.bulkJobs(w.projectId, w.owner.userId!);
            const requested = (await w.store.readStream(jobs)).find((event) => event.type === 'BulkJobRequested');
            if (requested) {
              const id = (requested.data as { jobId: number }).jobId;
              expect(jobId === null || jobId === id).toBe(true);
              await second['bulk-jobs.resume']({ projectId: w.projectId, userId: w.owner.userId!, jobId: id }, newCommandMeta(w.owner));
              await waitUntil(async () => (await w.store.readStream(jobs)).some((event) => event.type === 'BulkJobFinished'));
            } else {
              // Refused before its job was recorded: asking again imports it.
              await requestImport(second, w, staging, tests, 'run-1');
            }
            // Its staged pages are dropped once it ended.
            expect([...staging.files.keys()]).toEqual([]);
            if (runTwice) {
              const again = await requestImport(second, w, staging, tests, 'run-1');
              expect(again.alreadyImported).toBe(true);
            }

            const events = await readAll(w.store);
            const unique = new Set(tests.filter((test) => test.firstLine === null).map((test) => test.key));
            const cases = events.filter((event) => event.type === 'CaseCreated');
            const testsMade = events.filter((event) => event.type === 'TestCreated');
            const results = events.filter((event) => event.type === 'ResultAdded');
            expect(cases).toHaveLength(unique.size);
            expect(testsMade).toHaveLength(unique.size);
            expect(results).toHaveLength(unique.size);
            expect(new Set(results.map((event) => (event.data as { testId: number }).testId)).size).toBe(unique.size);
            // The job's summary, as the chunks' marks say it, counts each thing once.
            const marks = events.filter((event) => event.type === 'BulkJobChunkApplied');
            const total = (field: 'casesCreated' | 'testsCreated' | 'skippedCount') =>
              marks.reduce((sum, event) => sum + (event.data as { report: Record<string, number> }).report[field]!, 0);
            expect(total('casesCreated')).toBe(unique.size);
            expect(total('testsCreated')).toBe(unique.size);
            expect(total('skippedCount')).toBe(tests.length - unique.size);
          } finally {
            await w.store.close();
            await w.ids.close();
            await removeTempDir(w.dir);
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 240_000);
});
