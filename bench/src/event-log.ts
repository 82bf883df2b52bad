import { EVENT_LOG_FILE } from '@testament/gateway/testing/server-process';
import type { CommandService } from '@testament/commands';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { as, asSystem, BENCH_PASSWORD, openCommandSide, registerUsers, seed, type BenchUser } from './command-side.ts';
import { once, runTempDir } from './fixtures.ts';
import { elapsedSeconds, inParallel, log, round } from './measure.ts';
import { scaled } from './scale.ts';

/**
 * A realistic history written through the real command side: users who sign in and change their config, projects with members and many
 * edits.
 */
export interface LogShape {
  users: number;
  /** Each login verifies the password with scrypt (~60 ms of CPU), so they are few. */
  loginsPerUser: number;
  configChangesPerUser: number;
  projects: number;
  /** Members added besides the creator. */
  membersPerProject: number;
  /** `updateProject` commands per project; every third one also changes a setting (two events). */
  editsPerProject: number;
}

/**
 * About 1,000,000 events: 500 users × 25 (claim, registration, 2 logins, 1 logout, 20 config changes)
 * and 24,000 projects × 41 (creation, creator's membership, 2 members, 28 edits of which 9 write two events).
 */
export const MILLION: LogShape = {
  users: 500,
  loginsPerUser: 2,
  configChangesPerUser: 20,
  projects: 24_000,
  membersPerProject: 2,
  editsPerProject: 28,
};

/** Commands in flight: enough for the store's group commit to batch well. */
const CONCURRENCY = 256;

export interface EventLog {
  dataDir: string;
  file: string;
  events: number;
  seconds: number;
}

const USER_ROLE_ID = 2;

async function userActivity(commands: CommandService, user: BenchUser, shape: LogShape): Promise<void> {
  for (let login = 0; login < shape.loginsPerUser; login++) {
    const sessionHash = randomBytes(32).toString('hex');
    await commands['sessions.logIn'](
      { username: user.username, password: BENCH_PASSWORD, sessionHash, expiresAt: '2099-01-01T00:00:00.000Z', rememberMe: false },
      asSystem(),
    );
    if (login < shape.loginsPerUser - 1) await commands['sessions.logOut']({ userId: user.userId, sessionHash }, as(user.actor));
  }
  for (let change = 0; change < shape.configChangesPerUser; change++) {
    const patch = { ui: { is_open_sidebar: change % 2 === 0 }, projects: { favorite: [change + 1, change + 2] } };
    await commands['users.changeConfig']({ userId: user.userId, patch }, as(user.actor));
  }
}

async function projectLife(commands: CommandService, index: number, users: BenchUser[], shape: LogShape): Promise<void> {
  const owner = users[index % users.length]!;
  const { projectId } = await commands['projects.create'](
    { name: `Project ${index}`, description: 'A project of the benchmark log', isPrivate: index % 3 === 0, isArchive: false, icon: null },
    as(owner.actor),
  );
  for (let m = 1; m <= shape.membersPerProject; m++) {
    const member = users[(index + m * 7) % users.length]!;
    await commands['projects.setMemberRoles']({ projectId, userId: member.userId, roleIds: [USER_ROLE_ID] }, as(owner.actor));
  }
  for (let edit = 0; edit < shape.editsPerProject; edit++) {
    const settings = edit % 3 === 2 ? { resultEditLimit: 60 * (edit + 1) } : undefined;
    await commands['projects.update']({ projectId, description: `Edit ${edit} of project ${projectId}`, settings }, as(owner.actor));
  }
}

/** Users' activity spread among the projects' work, as it would arrive. */
function* tasks(commands: CommandService, users: BenchUser[], shape: LogShape): Generator<() => Promise<void>> {
  const projectsPerUser = Math.max(1, Math.floor(shape.projects / users.length));
  let nextUser = 0;
  for (let index = 0; index < shape.projects; index++) {
    if (index % projectsPerUser === 0 && nextUser < users.length) {
      const user = users[nextUser++]!;
      yield () => userActivity(commands, user, shape);
    }
    yield () => projectLife(commands, index, users, shape);
  }
  while (nextUser < users.length) {
    const user = users[nextUser++]!;
    yield () => userActivity(commands, user, shape);
  }
}

/** Writes the history into `dataDir` (events.sqlite and ids.sqlite, as the server keeps them). */
export async function writeEventLog(dataDir: string, shape: LogShape): Promise<EventLog> {
  const side = openCommandSide(dataDir);
  const startedAt = performance.now();
  try {
    await seed(side.commands);
    const admins = await registerUsers(side.commands, ['admin'], { superuser: true });
    const others = await registerUsers(
      side.commands,
      Array.from({ length: shape.users - 1 }, (_, i) => `user${i + 1}`),
    );
    const users = [...admins, ...others];
    await inParallel(tasks(side.commands, users, shape), CONCURRENCY, (task) => task());
    const events = await side.store.headPosition();
    const seconds = elapsedSeconds(startedAt);
    log(`event log: ${events.toLocaleString('en')} events written through commands in ${round(seconds, 1)} s`);
    return { dataDir, file: join(dataDir, EVENT_LOG_FILE), events, seconds };
  } finally {
    await side.close();
  }
}

/** The ~1,000,000-event log, written once per run (baselines and rebuild share it). */
export function millionEventLog(): Promise<EventLog> {
  return once('million-event-log', async () => {
    const shape: LogShape = { ...MILLION, users: scaled(MILLION.users, 4), projects: scaled(MILLION.projects, 10) };
    return writeEventLog(await runTempDir('bench-log-'), shape);
  });
}
