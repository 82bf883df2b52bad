import { describe, expect, it } from 'vitest';
import { sessionOwnerOf, streams } from './streams.ts';

describe('stream names', () => {
  it('reads back the id of every numbered kind, and refuses another kind', () => {
    for (const kind of [
      streams.project,
      streams.user,
      streams.sessions,
      streams.notificationBox,
      streams.systemMessage,
      streams.attachment,
    ]) {
      expect(kind.idOf(kind.of(4711))).toBe(4711);
    }
    expect(() => streams.project.idOf('project-archive')).toThrow();
    expect(() => streams.project.idOf(streams.user.of(3))).toThrow();
    // `user-` is a prefix of neither `username-` nor the reverse: a username reservation is no user stream.
    expect(() => streams.user.idOf(streams.username('Alice'))).toThrow();
    expect(() => streams.test.idOf('test-')).toThrow();
    // Each kind's names start with its prefix, which is what a range of an index by kind reads.
    const named: Array<[string, string]> = [
      [streams.test.of(5), streams.test.prefix],
      [streams.bulkJobs(3, 7), streams.bulkJobs.prefix],
      [streams.bulkJobChunk(3, 41, 500), streams.bulkJobChunk.prefix],
      [streams.username('Ann'), streams.username.prefix],
      [streams.accessRequest(3, 7), streams.accessRequest.prefix],
      [streams.commandReservation('ab'), streams.commandReservation.prefix],
    ];
    for (const [name, prefix] of named) expect(name.startsWith(prefix) && name.length > prefix.length, name).toBe(true);
    expect([
      streams.test.is(streams.test.of(12)),
      streams.test.is('test-'),
      streams.test.is(streams.testCase.of(12)),
      streams.plans.is(streams.test.of(12)),
    ]).toEqual([true, false, false, false]);
  });

  it('keeps the names of logs already written', () => {
    expect([
      streams.project.of(3),
      streams.sessions.of(7),
      streams.notificationBox.of(7),
      streams.systemMessage.of(2),
      streams.attachment.of(9),
    ]).toEqual(['project-3', 'sessions-7', 'notifications-7', 'system-message-2', 'attachment-9']);
    expect([
      streams.username(' Alice '),
      streams.accessRequest(3, 7),
      streams.catalogue('statuses', 3),
      streams.catalogue('statuses', null),
      streams.roles,
    ]).toEqual(['username-alice', 'access-request-3-7', 'statuses-project-3', 'statuses-system', 'roles']);
  });

  it('finds a session event owner in either stream layout', () => {
    expect(sessionOwnerOf('sessions-12')).toBe(12);
    expect(sessionOwnerOf('user-12')).toBe(12);
    expect(() => sessionOwnerOf('project-12')).toThrow();
  });

  it('read back the ids they were built from, and nothing from a name of another kind', () => {
    expect(streams.bulkJobs.idsOf(streams.bulkJobs(3, 7))).toEqual([3, 7]);
    expect(streams.bulkJobChunk.idsOf(streams.bulkJobChunk(3, 41, 500))).toEqual([3, 41, 500]);
    expect(streams.accessRequest.idsOf(streams.accessRequest(9, 2))).toEqual([9, 2]);
    expect(streams.bulkJobs.idsOf(streams.bulkJobChunk(3, 41, 500))).toBeNull();
    expect(streams.accessRequest.idsOf('access-request-x-2')).toBeNull();
    expect(streams.test.is(streams.testCase.of(4))).toBe(false);
  });

  it('tell a catalogue and its project, system-wide ones included', () => {
    expect(streams.catalogue.of(streams.catalogue('custom-attributes', 3))).toEqual({ resource: 'custom-attributes', projectId: 3 });
    expect(streams.catalogue.of(streams.catalogue('statuses', null))).toEqual({ resource: 'statuses', projectId: null });
    expect(streams.catalogue.of(streams.test.of(3))).toBeNull();
    expect(streams.catalogue.of(streams.systemMessage.of(5))).toBeNull();
  });

  it('says of each prefixed kind what a past of part of a project reads: tests and cases when asked, the frame all of them', () => {
    const reading = (past: string) =>
      Object.entries(streams)
        .filter(([, kind]) => typeof kind !== 'string' && 'past' in kind && kind.past === past)
        .map(([name]) => name)
        .sort();
    expect(reading('asked')).toEqual(['test', 'testCase']);
    expect(reading('frame')).toEqual(['attachment', 'bulkJobChunk', 'plans', 'project', 'suites', 'user']);
    // No prefix of a kind left out of a frame begins another kind's: the past reads the frame as ranges between them.
    const prefixes = Object.values(streams).flatMap((kind) => (typeof kind !== 'string' && 'prefix' in kind ? [kind.prefix] : []));
    for (const prefix of prefixes) expect(prefixes.filter((other) => other !== prefix && other.startsWith(prefix))).toEqual([]);
  });
});
