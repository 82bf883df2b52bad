import { describe, expect, it } from 'vitest';
import { topicOwner, topics } from './topics.ts';

describe('live topics', () => {
  it('says whose every topic is, so the gateway can check who may follow it', () => {
    expect([topics.projects, topics.users, topics.roles, topics.systemMessages].map(topicOwner)).toEqual(Array(4).fill({ kind: 'open' }));
    for (const topic of [topics.user(7), topics.notifications(7), topics.notificationSettings(7), topics.apiTokens(7)]) {
      expect(topicOwner(topic)).toEqual({ kind: 'user', userId: 7 });
    }
    expect(topicOwner(topics.project(3))).toEqual({ kind: 'project', projectId: 3 });
    expect(topicOwner(topics.suites(3))).toEqual({ kind: 'project', projectId: 3 });
    expect(topicOwner(topics.comments(3))).toEqual({ kind: 'project', projectId: 3 });
    for (const topic of ['project:3:secret', 'user:x', 'attachments', 'anything']) expect(topicOwner(topic)).toEqual({ kind: 'unknown' });
  });
});
