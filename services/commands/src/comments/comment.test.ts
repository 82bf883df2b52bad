import { NotFoundError, PermissionDeniedError, type CommentEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { commentDecider } from './decide.ts';

const { member, stranger, superuser } = actors;
const posted: CommentEvent = {
  type: 'CommentPosted',
  data: { commentId: 1, projectId: 3, model: 'testcase', objectId: 9, userId: member.userId, content: 'Looks flaky', attachmentIds: [] },
};
const post = {
  type: 'Post' as const,
  commentId: 1,
  projectId: 3,
  model: 'testcase' as const,
  objectId: 9,
  content: 'Looks flaky',
  attachmentIds: [],
  unusableAttachment: null,
};
const open = (events: CommentEvent[]) => given(commentDecider, events);

describe('comment', () => {
  it('is posted by anyone who can see the project, and never empty', () => {
    expect(open([]).when(post, member, accessTo(member))).toEqual([posted]);
    expect(fieldErrorsOf(() => open([]).when({ ...post, content: '  ' }, member, accessTo(member)))).toEqual({
      errors: ['Comment cannot be empty'],
    });
    expect(() => open([]).when(post, stranger, accessTo(stranger, { isPrivate: true }))).toThrow(PermissionDeniedError);
    expect(fieldErrorsOf(() => open([]).when({ ...post, attachmentIds: [8], unusableAttachment: 8 }, member, accessTo(member)))).toEqual({
      attachments: ['Invalid pk "8" - object does not exist.'],
    });
  });

  it('is edited and deleted by its author alone; for anyone else, even a superuser, it does not exist', () => {
    expect(
      open([posted]).when(
        { type: 'Edit', content: 'Flaky on CI only', attachmentIds: [], unusableAttachment: null },
        member,
        accessTo(member),
      ),
    ).toEqual([{ type: 'CommentEdited', data: { commentId: 1, projectId: 3, content: 'Flaky on CI only', attachmentIds: [] } }]);
    expect(() =>
      open([posted]).when(
        { type: 'Edit', content: 'mine now', attachmentIds: [], unusableAttachment: null },
        superuser,
        accessTo(superuser),
      ),
    ).toThrow(NotFoundError);
    expect(() => open([posted]).when({ type: 'Delete' }, stranger, accessTo(stranger))).toThrow(NotFoundError);
    const deleted = [posted, { type: 'CommentDeleted', data: { commentId: 1, projectId: 3 } } as CommentEvent];
    expect(open([posted]).when({ type: 'Delete' }, member, accessTo(member))).toEqual([deleted[1]]);
    expect(() =>
      open(deleted).when({ type: 'Edit', content: 'again', attachmentIds: [], unusableAttachment: null }, member, accessTo(member)),
    ).toThrow(NotFoundError);
  });
});
