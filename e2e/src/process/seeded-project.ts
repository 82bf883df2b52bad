import { createCase, createPlan, createSuite } from '@testament/gateway/testing/builders';
import { startTestServer, type Browser } from '@testament/gateway/testing/harness';
import { createProject } from '@testament/gateway/testing/people';

/**
 * A project of `plans` × `cases` tests (each plan of the same cases), made through the API of the
 * embedded system in this process (the gateway's testing harness, the one way into the command side
 * e2e may import): no sockets and no write limits, so it takes seconds. Closed without removing the
 * data directory, which the server processes then open.
 */
export async function seedProject(plans: number, cases: number): Promise<{ dataDir: string; project: number }> {
  const seeding = await startTestServer({ checkResponses: false, writeRateLimit: 0, writeWaitMs: 120_000 });
  const project = await makeTests(await seeding.signIn('admin'), plans, cases).catch(async (error: unknown) => {
    await seeding.close();
    throw error;
  });
  await seeding.app.close();
  await seeding.system.close();
  return { dataDir: seeding.config.dataDir, project };
}

async function makeTests(admin: Browser, plans: number, cases: number): Promise<number> {
  const project = (await createProject(admin, { name: 'Seeded' })).id;
  const suite = await createSuite(admin, project, 'Everything');
  const caseIds: number[] = [];
  for (let n = 0; n < cases; n += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, cases - n) }, (_, i) => createCase(admin, project, suite, { name: `Case ${n + i}` })),
    );
    caseIds.push(...batch.map((created: { id: number }) => created.id));
  }
  // Plans in parallel, so their tests' appends share commits.
  await Promise.all(Array.from({ length: plans }, (_, n) => createPlan(admin, project, { name: `Plan ${n}`, test_cases: caseIds })));
  return project;
}

type HistogramPoint = Record<string, { count: number } | string>;

/** The results a project's tests got from `firstDay` to today, from the histogram (every status counted). */
export async function resultsSince(get: <T>(path: string) => Promise<T>, project: number, firstDay: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const histogram = await get<HistogramPoint[]>(`/api/v2/testplans/histogram/?project=${project}&start_date=${firstDay}&end_date=${today}`);
  return histogram.flatMap((point) => Object.values(point)).reduce((sum, entry) => sum + (typeof entry === 'string' ? 0 : entry.count), 0);
}
