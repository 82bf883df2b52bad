import { createCommandService, newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { DEFAULT_PROJECT_SETTINGS, currentSchemaVersion } from '@testament/contracts';
import { EventStoreIdAllocator, type EventStore, type NewEvent } from '@testament/infra';

/** A synthetic but realistic history: seeded roles, users with sessions and config, projects with members and edits. */
export interface LogShape {
  users: number;
  projects: number;
  /** Edits per project after its creation and memberships. */
  editsPerProject: number;
}

const time = () => new Date().toISOString();

function newEvent(type: string, data: unknown, actorId: number | null, i: number): NewEvent {
  return {
    type,
    data,
    schemaVersion: currentSchemaVersion(type),
    metadata: { actorId, time: time(), correlationId: `corr-${i}`, causationId: null, commandId: `cmd-${i}` },
  };
}

function userEvents(userId: number): NewEvent[] {
  const events = [
    newEvent('UserRegistered', {
      userId,
      username: `user${userId}`,
      email: `user${userId}@bench.test`,
      firstName: 'Bench',
      lastName: `User ${userId}`,
      passwordHash: 'scrypt$32768$8$1$c2FsdA$aGFzaA',
      isSuperuser: userId === 1,
      isStaff: userId === 1,
      isActive: true,
    }, null, userId),
  ];
  for (let i = 0; i < 8; i++) {
    events.push(newEvent('UserConfigChanged', { patch: { ui: { is_open_sidebar: i % 2 === 0 }, projects: { favorite: [i + 1] } } }, userId, i));
    events.push(newEvent('UserSessionStarted', { sessionHash: `s-${userId}-${i}`, expiresAt: '2099-01-01T00:00:00.000Z', rememberMe: false }, userId, i));
    if (i < 7) events.push(newEvent('UserSessionEnded', { sessionHash: `s-${userId}-${i}`, reason: 'logout' }, userId, i));
  }
  return events;
}

function projectEvents(projectId: number, shape: LogShape): NewEvent[] {
  const owner = (projectId % shape.users) + 1;
  const events = [
    newEvent('ProjectCreated', {
      projectId,
      name: `Project ${projectId}`,
      description: 'A project of the benchmark log',
      isPrivate: projectId % 3 === 0,
      isArchive: false,
      settings: DEFAULT_PROJECT_SETTINGS,
      icon: null,
    }, owner, projectId),
    newEvent('ProjectMemberRolesSet', { userId: owner, roleIds: [1] }, owner, projectId),
    newEvent('ProjectMemberRolesSet', { userId: ((projectId + 7) % shape.users) + 1, roleIds: [2] }, owner, projectId),
  ];
  for (let i = 0; i < shape.editsPerProject; i++) {
    if (i % 10 === 9) events.push(newEvent('ProjectSettingsChanged', { settings: { resultEditLimit: 60 * (i + 1) } }, owner, i));
    else events.push(newEvent('ProjectDetailsChanged', { description: `Edit ${i} of project ${projectId}` }, owner, i));
  }
  return events;
}

/** Appends the history with many writes in flight, as the store's group commit likes it. */
export async function writeEventLog(store: EventStore, shape: LogShape): Promise<number> {
  // The seeded data comes from the real command side, as on a first start.
  const commands = createCommandService({ store, ids: new EventStoreIdAllocator(store) });
  await commands.seedRoles({}, newCommandMeta(SYSTEM_ACTOR));
  await commands.seedStatuses({}, newCommandMeta(SYSTEM_ACTOR));
  const writes: Array<() => Promise<unknown>> = [];
  for (let userId = 1; userId <= shape.users; userId++) writes.push(() => store.append(`user-${userId}`, userEvents(userId), 'no_stream'));
  for (let projectId = 1; projectId <= shape.projects; projectId++) {
    writes.push(() => store.append(`project-${projectId}`, projectEvents(projectId, shape), 'no_stream'));
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < writes.length) await writes[next++]!();
    }),
  );
  return store.headPosition();
}
