/**
 * Every stream name of the log, built and read back here only. A stream is
 * what one decision must see consistently (docs/commands.md, "Stream
 * boundaries"); the name says whose it is, `<kind>-<id>`.
 */

import type { AuditObjectType } from '../api/audit.ts';

/**
 * What a past of part of a project (a plan's, a case's) reads of a kind's streams (services/gateway/src/http/as-of.ts):
 * `frame`, all of the project's; `asked`, those of the tests and cases it is about; `never`, none (no past's read
 * model folds them). A past of the whole project reads every stream of the project.
 */
export type PastReading = 'frame' | 'asked' | 'never';

/**
 * Builds `<prefix><id>` names and reads the id back. A stream that is one object's own names the object as the audit
 * trail does (`about`): its events are about object `<id>` of that type (services/projections/src/audit/subjects.ts).
 */
function numbered(prefix: string, { past, about }: { past: PastReading; about?: AuditObjectType }) {
  // Digit by digit rather than slice and regex: folds read an id from every event's stream.
  const idIn = (stream: string) => {
    if (stream.length === prefix.length || !stream.startsWith(prefix)) return NaN;
    let id = 0;
    for (let i = prefix.length; i < stream.length; i++) {
      const digit = stream.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return NaN;
      id = id * 10 + digit;
    }
    return id;
  };
  return {
    /** What every name of this kind starts with: names of a kind are one range in a sorted index. */
    prefix,
    past,
    about,
    of: (id: number) => `${prefix}${id}`,
    /** Whether a name is of this kind. */
    is: (stream: string): boolean => Number.isSafeInteger(idIn(stream)),
    /** The id in a name of this kind; throws on any other name, so a fold never reads a wrong one silently. */
    idOf(stream: string): number {
      const id = idIn(stream);
      if (!Number.isSafeInteger(id)) throw new Error(`"${stream}" is not a ${prefix}<id> stream`);
      return id;
    },
  };
}

/** Builds `<prefix><rest>` names from other parts; `is` tells a name of this kind. */
function composed<Parts extends unknown[]>(prefix: string, past: PastReading, rest: (...parts: Parts) => string) {
  return Object.assign((...parts: Parts) => `${prefix}${rest(...parts)}`, {
    prefix,
    past,
    is: (stream: string) => stream.startsWith(prefix),
  });
}

/** Builds `<prefix><id>-<id>...` names from `count` ids and reads them back. */
function numberedParts<Ids extends number[]>(prefix: string, count: Ids['length'], past: PastReading) {
  const build = composed(prefix, past, (...ids: Ids) => ids.join('-'));
  return Object.assign(build, {
    /** The ids in a name of this kind (the first `count` of its dash-separated parts), or null for any other name. */
    idsOf(stream: string): Ids | null {
      if (!stream.startsWith(prefix)) return null;
      const ids = stream.slice(prefix.length).split('-', count).map(Number);
      return ids.length === count && ids.every(Number.isSafeInteger) ? (ids as Ids) : null;
    },
  });
}

const CATALOGUE_STREAM = /^([a-z-]+?)-(?:project-(\d+)|system)$/;

/** A per-project catalogue (`statuses-project-3`), or its system-wide one (`statuses-system`). */
const catalogue = Object.assign(
  (resource: string, projectId: number | null) => (projectId === null ? `${resource}-system` : `${resource}-project-${projectId}`),
  {
    /** The catalogue a name is of, or null; the suites' and plans' streams read as catalogues too, so ask for them first. */
    of(stream: string): { resource: string; projectId: number | null } | null {
      const match = CATALOGUE_STREAM.exec(stream);
      return match ? { resource: match[1]!, projectId: match[2] === undefined ? null : Number(match[2]) } : null;
    },
  },
);

export const streams = {
  project: numbered('project-', { past: 'frame', about: 'project' }),
  user: numbered('user-', { past: 'frame', about: 'user' }),
  /** A user's sessions: high churn, kept out of the user's stream. */
  sessions: numbered('sessions-', { past: 'never', about: 'user' }),
  notificationBox: numbered('notifications-', { past: 'never', about: 'notification_settings' }),
  systemMessage: numbered('system-message-', { past: 'never', about: 'system_message' }),
  attachment: numbered('attachment-', { past: 'frame', about: 'attachment' }),
  comment: numbered('comment-', { past: 'never', about: 'comment' }),
  /** A case and its versions. */
  testCase: numbered('case-', { past: 'asked', about: 'case' }),
  /** A project's suites: one stream, so a move sees the whole tree (`suites-project-3`, named like the catalogues). */
  suites: numbered('suites-project-', { past: 'frame' }),
  /** A project's plans: one stream, like its suites (`plans-project-3`). */
  plans: numbered('plans-project-', { past: 'frame' }),
  /** A test (a case placed in a plan), its assignment and its results. */
  test: numbered('test-', { past: 'asked', about: 'test' }),
  /** A user's bulk jobs in a project (`bulk-jobs-3-7`): one running at a time. */
  bulkJobs: numberedParts<[projectId: number, userId: number]>('bulk-jobs-', 2, 'never'),
  /** The mark of one chunk of a bulk job (`bulk-job-chunk-3-41-500`: project, job, first test's index), written once. */
  bulkJobChunk: numberedParts<[projectId: number, jobId: number, from: number]>('bulk-job-chunk-', 3, 'frame'),
  /** A report import's run (`report-run-3-<sha of the run key>`), claimed once: the same run again changes nothing. */
  reportRun: composed('report-run-', 'never', (projectId: number, runKeyHash: string) => `${projectId}-${runKeyHash}`),
  /** The cases report imports made for their tests' keys, one shard of a project's (`report-cases-3-7`: project, shard). */
  reportCases: numberedParts<[projectId: number, shard: number]>('report-cases-', 2, 'never'),
  /** The tests report imports made for cases in a plan, one shard of the plan's (`report-tests-12-7`: plan, shard). */
  reportTests: numberedParts<[planId: number, shard: number]>('report-tests-', 2, 'never'),
  /** A report import chunk's cases and tests, made once (`report-chunk-3-41-500`: project, job, first item's index). */
  reportChunk: numberedParts<[projectId: number, jobId: number, from: number]>('report-chunk-', 3, 'never'),
  /** Reserves a username (written with `no_stream`); the name is case-insensitive. */
  username: composed('username-', 'never', (username: string) => username.trim().toLowerCase()),
  accessRequest: numberedParts<[projectId: number, userId: number]>('access-request-', 2, 'never'),
  /** The role catalogue: one stream, every role decision sees all roles. */
  roles: 'roles',
  /** The authentication groups: one stream, so group names stay unique. */
  groups: 'groups',
  /** A per-project catalogue (`statuses-project-3`, `labels-project-3`), or its system-wide one (`statuses-system`). */
  catalogue,
  /** One webhook delivery's claims and outcomes (`webhook-delivery-<delivery id>`); the delivery is the webhooks read model's. */
  webhookDelivery: composed('webhook-delivery-', 'never', (deliveryId: string) => deliveryId),
  /** Reserves a command id so that a retried command is not applied twice. */
  commandReservation: composed('command-', 'never', (commandIdHash: string) => commandIdHash),
} as const;

/** The owner of a session event: `sessions-<userId>`, or `user-<userId>` in logs written before sessions had their own streams. */
export function sessionOwnerOf(stream: string): number {
  return stream.startsWith('user-') ? streams.user.idOf(stream) : streams.sessions.idOf(stream);
}
