/**
 * Live-channel topics (spec §3): what the read models announce after a batch
 * and what screens follow. Built and read back here only.
 */
export const topics = {
  projects: 'projects',
  project: (projectId: number) => `project:${projectId}`,
  /** A project's suites: their tree, lists and counts. */
  suites: (projectId: number) => `project:${projectId}:suites`,
  /** A project's plans, tests and results: the plan tree, tests lists, drawers and counts. */
  plans: (projectId: number) => `project:${projectId}:plans`,
  /** A project's comments: the threads on its objects. */
  comments: (projectId: number) => `project:${projectId}:comments`,
  users: 'users',
  user: (userId: number) => `user:${userId}`,
  roles: 'roles',
  notifications: (userId: number) => `user:${userId}:notifications`,
  notificationSettings: (userId: number) => `user:${userId}:notification-settings`,
  apiTokens: (userId: number) => `user:${userId}:tokens`,
  /** A user's bulk jobs: their progress as they run. */
  bulkJobs: (userId: number) => `user:${userId}:bulk-jobs`,
  systemMessages: 'system-messages',
  /** New rows of a project's audit trail, or (null) of the whole system's. */
  audit: (projectId: number | null) => (projectId === null ? 'audit' : `project:${projectId}:audit`),
  attachments: 'attachments',
  /** A per-project catalogue's list (`statuses`, `labels`, …), named like its read model's collection. */
  catalogue: (collection: string) => collection,
} as const;

/** Lists anyone signed in may follow: their rows are filtered on read anyway. */
export const OPEN_TOPICS: ReadonlySet<string> = new Set([topics.projects, topics.roles, topics.users, topics.systemMessages]);

/** Whose a topic is, for deciding who may follow it. */
export type TopicOwner = { kind: 'open' } | { kind: 'superuser' } | { kind: 'user'; userId: number } | { kind: 'project'; projectId: number } | { kind: 'unknown' };

export function topicOwner(topic: string): TopicOwner {
  if (OPEN_TOPICS.has(topic)) return { kind: 'open' };
  if (topic === topics.audit(null)) return { kind: 'superuser' };
  const user = /^user:(\d+)(?::[a-z-]+)?$/.exec(topic);
  if (user) return { kind: 'user', userId: Number(user[1]) };
  const project = /^project:(\d+)(?::suites|:plans|:comments|:audit)?$/.exec(topic);
  if (project) return { kind: 'project', projectId: Number(project[1]) };
  return { kind: 'unknown' };
}
