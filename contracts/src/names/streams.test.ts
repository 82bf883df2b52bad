import { describe, expect, it } from 'vitest';
import { sessionOwnerOf, streams } from './streams.ts';

describe('stream names', () => {
  it('reads back the id of every numbered kind, and refuses another kind', () => {
    for (const kind of [streams.project, streams.user, streams.sessions, streams.notificationBox, streams.systemMessage, streams.attachment]) {
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
    expect([streams.test.is(streams.test.of(12)), streams.test.is('test-'), streams.test.is(streams.testCase.of(12)), streams.plans.is(streams.test.of(12))]).toEqual([true, false, false, false]);
  });

  it('keeps the names of logs already written', () => {
    expect([streams.project.of(3), streams.sessions.of(7), streams.notificationBox.of(7), streams.systemMessage.of(2), streams.attachment.of(9)]).toEqual([
      'project-3',
      'sessions-7',
      'notifications-7',
      'system-message-2',
      'attachment-9',
    ]);
    expect([streams.username(' Alice '), streams.accessRequest(3, 7), streams.catalogue('statuses', 3), streams.catalogue('statuses', null), streams.roles]).toEqual([
      'username-alice',
      'access-request-3-7',
      'statuses-project-3',
      'statuses-system',
      'roles',
    ]);
  });

  it('finds a session event owner in either stream layout', () => {
    expect(sessionOwnerOf('sessions-12')).toBe(12);
    expect(sessionOwnerOf('user-12')).toBe(12);
    expect(() => sessionOwnerOf('project-12')).toThrow();
  });
});
