import { describe, expect, it } from 'vitest';
import { TopicHistory } from './topic-history.ts';

describe('the topics of recent batches', () => {
  it('tell which of the asked topics a batch after the position changed', () => {
    const history = new TopicHistory(10);
    history.record(11, ['projects']);
    history.record(12, ['project:1:plans', 'project:1']);
    history.record(13, []);
    history.record(14, ['project:2:plans']);
    expect(history.changedSince(11, ['projects', 'project:1:plans', 'project:2:plans', 'users']).sort()).toEqual([
      'project:1:plans',
      'project:2:plans',
    ]);
    expect(history.changedSince(10, ['projects'])).toEqual(['projects']);
    expect(history.changedSince(14, ['projects', 'project:2:plans'])).toEqual([]);
  });

  it('count every topic as changed before what they know: before they listened, or once forgotten', () => {
    let now = 0;
    const history = new TopicHistory(100, () => now);
    expect(history.changedSince(99, ['projects', 'users'])).toEqual(['projects', 'users']);
    expect(history.changedSince(100, ['projects'])).toEqual([]);
    history.record(101, ['users']);
    now = 61_000;
    history.record(102, ['roles']);
    // The batch at 101 is a minute old and forgotten: from before 101, anything may have changed.
    expect(history.changedSince(100, ['projects'])).toEqual(['projects']);
    expect(history.changedSince(101, ['projects', 'roles'])).toEqual(['roles']);
  });

  it('keep a bounded number of batches', () => {
    const history = new TopicHistory(0, () => 0);
    for (let position = 1; position <= 100_010; position++) history.record(position, ['plans']);
    expect(history.changedSince(5, ['other'])).toEqual(['other']);
    expect(history.changedSince(20, ['other'])).toEqual([]);
  });
});
