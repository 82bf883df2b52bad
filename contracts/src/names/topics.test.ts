import { describe, expect, it } from 'vitest';
import { topicOwner, topics } from './topics.ts';

describe('live topics', () => {
  it('says what every topic announces, so the gateway can check who may follow it', () => {
    expect([topics.projects, topics.users, topics.roles, topics.systemMessages].map(topicOwner)).toEqual(Array(4).fill({ kind: 'open' }));
    expect(topicOwner(topics.user(7))).toEqual({ kind: 'user', userId: 7 });
    for (const topic of [topics.notifications(7), topics.notificationSettings(7), topics.apiTokens(7), topics.bulkJobs(7)]) {
      expect(topicOwner(topic)).toEqual({ kind: 'own', userId: 7 });
    }
    for (const topic of [topics.project(3), topics.suites(3), topics.plans(3), topics.comments(3)])
      expect(topicOwner(topic)).toEqual({ kind: 'project', projectId: 3 });
    expect(topicOwner(topics.audit(3))).toEqual({ kind: 'audit', projectId: 3 });
    expect(topicOwner(topics.audit(null))).toEqual({ kind: 'audit', projectId: null });
    for (const topic of [topics.attachments, topics.catalogue('statuses'), topics.catalogue('customAttributes')])
      expect(topicOwner(topic)).toEqual({ kind: 'collection' });
    for (const topic of ['project:3:secret', 'user:x', 'user:7:other', 'project:3:audit:x', 'anything'])
      expect(topicOwner(topic)).toEqual({ kind: 'unknown' });
  });
});
