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
  /** A project's webhooks and their deliveries: followed by those who manage the project. */
  webhooks: (projectId: number) => `project:${projectId}:webhooks`,
  /** A per-project catalogue's list (`statuses`, `labels`, …), named like its read model's collection. */
  catalogue: (collection: string) => collection,
} as const;

/** Lists anyone signed in may read (each caller sees their own rows of them): anyone signed in may follow them. */
export const OPEN_TOPICS: ReadonlySet<string> = new Set([topics.projects, topics.roles, topics.users, topics.systemMessages]);

/**
 * Collections that span every project (a catalogue, the attachments): what each project's list shows is announced on `project:<id>` too.
 */
export const COLLECTION_TOPICS: ReadonlySet<string> = new Set([
  topics.attachments,
  ...['statuses', 'labels', 'parameters', 'customAttributes', 'integrations'].map(topics.catalogue),
]);

/**
 * What a topic announces changes of, for deciding who may follow it: whoever may read that
 * through the API (the gateway's `mayFollow` asks the API's own rule for each kind).
 */
export type TopicOwner =
  | { kind: 'open' }
  /** A project and what is in it: its suites and cases, plans and tests, comments. */
  | { kind: 'project'; projectId: number }
  /** A project's audit trail, or (null) the whole system's. */
  | { kind: 'audit'; projectId: number | null }
  /** A project's webhooks, as their API shows them: to the project's managers. */
  | { kind: 'webhooks'; projectId: number }
  /** A user's account, as the users API shows it. */
  | { kind: 'user'; userId: number }
  /** What only that user reads: their notifications and their settings, API tokens, bulk jobs. */
  | { kind: 'own'; userId: number }
  | { kind: 'collection' }
  | { kind: 'unknown' };

export function topicOwner(topic: string): TopicOwner {
  if (OPEN_TOPICS.has(topic)) return { kind: 'open' };
  if (COLLECTION_TOPICS.has(topic)) return { kind: 'collection' };
  if (topic === topics.audit(null)) return { kind: 'audit', projectId: null };
  const user = /^user:(\d+)(?::(notifications|notification-settings|tokens|bulk-jobs))?$/.exec(topic);
  if (user) return user[2] ? { kind: 'own', userId: Number(user[1]) } : { kind: 'user', userId: Number(user[1]) };
  const project = /^project:(\d+)(?::(suites|plans|comments|audit|webhooks))?$/.exec(topic);
  if (project) {
    const projectId = Number(project[1]);
    if (project[2] === 'audit' || project[2] === 'webhooks') return { kind: project[2], projectId };
    return { kind: 'project', projectId };
  }
  return { kind: 'unknown' };
}

/**
 * The response header naming the read models' position a request was answered at (at least). A screen
 * that follows a topic only after its answer came asks the live channel which of its topics changed
 * since (`{"changedSince": position, "topics": [...]}`), so a change in between is not missed.
 */
export const READ_POSITION_HEADER = 'x-read-position';
