import { EVENT_LOG_FILE } from '@testament/gateway/testing/server-process';
import { join } from 'node:path';
import { as, openSeededCommandSide, registerUsers } from './command-side.ts';
import { once, runTempDir } from './fixtures.ts';
import { elapsedSeconds, inParallel, log, round, seededRandom } from './measure.ts';

/**
 * A data directory of N projects made through `createProject`, as the server
 * would have made them, ready for the real server process to start on.
 */
export interface ProjectStore {
  dataDir: string;
  projects: number;
  events: number;
  buildSeconds: number;
  /** Superuser. Every user's password is BENCH_PASSWORD. */
  admin: string;
  /** An ordinary user with FAVOURITES projects in their config: the dashboard's default order starts with them. */
  reader: string;
  favouriteIds: number[];
  /** One ordinary user per load client. */
  clients: string[];
}

/** Ordinary users create the projects (and so become their admins), a couple of hundred each, as in a large organisation. */
const PROJECTS_PER_CREATOR = 200;
const FAVOURITES = 20;
const CONCURRENCY = 256;

// Names like "Billing Vexmor P-0001234": an area (1 in 10), a codename (1 in 100), a unique serial.
const AREAS = ['Billing', 'Checkout', 'Search', 'Mobile', 'Reports', 'Identity', 'Payments', 'Catalog', 'Shipping', 'Support'];
const SYLLABLES = ['vex', 'mor', 'tal', 'kin', 'dra', 'sul', 'pen', 'gor', 'lix', 'bam'];

export function projectName(serial: number, random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const codename = pick(SYLLABLES) + pick(SYLLABLES);
  return `${pick(AREAS)} ${codename[0]!.toUpperCase()}${codename.slice(1)} P-${String(serial).padStart(7, '0')}`;
}

/** Name searches from every project to none, with what each matches. */
export const NAME_SEARCHES = [
  { term: 'p-', matches: 'all' },
  { term: 'billing', matches: '1 in 10' },
  { term: 'vexmor', matches: '1 in 100' },
  { term: 'p-000012', matches: '10 projects' },
  { term: 'p-0000123', matches: '1 project' },
  { term: 'no such project', matches: 'none' },
] as const;

async function buildProjectStore(dataDir: string, projects: number, clientUsers: number): Promise<ProjectStore> {
  const startedAt = performance.now();
  const side = await openSeededCommandSide(dataDir);
  const { commands } = side;
  try {
    const creators = await registerUsers(
      commands,
      Array.from({ length: Math.ceil(projects / PROJECTS_PER_CREATOR) }, (_, i) => `creator${i + 1}`),
    );
    const [reader] = await registerUsers(commands, ['reader']);
    const clients = Array.from({ length: clientUsers }, (_, i) => `client${i + 1}`);
    await registerUsers(commands, clients);

    const random = seededRandom(42);
    const projectIds: number[] = [];
    await inParallel(
      Array.from({ length: projects }, (_, i) => i),
      CONCURRENCY,
      async (serial) => {
        const creator = creators[serial % creators.length]!;
        const input = {
          name: projectName(serial, random),
          description: 'Made by the benchmark',
          isPrivate: serial % 10 === 0,
          isArchive: false,
          icon: null,
        };
        const { projectId } = await commands['projects.create'](input, as(creator.actor));
        projectIds.push(projectId);
      },
    );

    // Starred one at a time from the dashboard, as a user would.
    const favourites: number[] = [];
    for (let i = 0; i < FAVOURITES; i++) {
      favourites.push(projectIds[Math.floor(random() * projectIds.length)]!);
      await commands['users.changeConfig'](
        { userId: reader!.userId, patch: { projects: { favorite: [...favourites] } } },
        as(reader!.actor),
      );
    }

    const events = await side.store.headPosition();
    const buildSeconds = elapsedSeconds(startedAt);
    log(
      `project store: ${projects.toLocaleString('en')} projects by ${creators.length} users ` +
        `(${events.toLocaleString('en')} events) made through commands in ${round(buildSeconds, 1)} s`,
    );
    return { dataDir, projects, events, buildSeconds, admin: 'admin', reader: reader!.username, favouriteIds: favourites, clients };
  } finally {
    await side.close();
  }
}

/** Built once per run for each size; the caller must not change it unless it is the last to use it. */
export function projectStore(projects: number, clientUsers = 0): Promise<ProjectStore> {
  return once(`project-store-${projects}-${clientUsers}`, async () =>
    buildProjectStore(await runTempDir('bench-projects-'), projects, clientUsers),
  );
}

export const eventsFile = (store: { dataDir: string }) => join(store.dataDir, EVENT_LOG_FILE);
