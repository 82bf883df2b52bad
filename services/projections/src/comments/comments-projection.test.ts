import { SqliteReadStore } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { commentsProjection } from './comments-projection.ts';
import { commentsBefore, findComment, listComments } from './queries.ts';
import { seededIntegers } from '@testament/infra';

interface ModelComment {
  id: number;
  objectId: number;
  content: string;
  deleted: boolean;
  createdAt: string;
}

/** Comments posted on three cases, edited and deleted at random, some at the same instant. */
function randomHistory(seed: number) {
  const next = seededIntegers(seed);
  const model = new Map<number, ModelComment>();
  const events: TestEvent[] = [];
  for (let step = 0, id = 1; step < 200; step++) {
    const time = new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(step / 2))).toISOString();
    const target = [...model.values()].filter((comment) => !comment.deleted)[next(model.size + 1)];
    const roll = next(4);
    if (roll < 2 || !target) {
      const comment = { id, objectId: 1 + next(3), content: `Note ${step}`, deleted: false, createdAt: time };
      model.set(id, comment);
      events.push({ type: 'CommentPosted', stream: `comment-${id}`, time, data: { commentId: id, projectId: 3, model: 'testcase', objectId: comment.objectId, userId: 5, content: comment.content, attachmentIds: [] } });
      id++;
    } else if (roll === 2) {
      target.content = `Edited ${step}`;
      events.push({ type: 'CommentEdited', stream: `comment-${target.id}`, time, data: { commentId: target.id, projectId: 3, content: target.content, attachmentIds: [] } });
    } else {
      target.deleted = true;
      events.push({ type: 'CommentDeleted', stream: `comment-${target.id}`, time, data: { commentId: target.id, projectId: 3 } });
    }
  }
  return { events, model };
}

describe('comments read model', () => {
  it.each([2, 11, 77])('keeps every thread equal to a recomputation from scratch, pages and deep links included (seed %i)', async (seed) => {
    const { events, model } = randomHistory(seed);
    const readStore = new SqliteReadStore();
    await foldInto(readStore, [commentsProjection], recorded(events), [1, 10, 33]);
    for (const objectId of [1, 2, 3]) {
      const thread = [...model.values()].filter((comment) => comment.objectId === objectId).sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
      const page = await listComments(readStore, 'testcase', objectId, true, { skip: 5, limit: 5 });
      expect(page.count).toBe(thread.length);
      expect(page.items.map((comment) => [comment._id, comment.content, comment.deletedAt !== null])).toEqual(thread.slice(5, 10).map((comment) => [comment.id, comment.content, comment.deleted]));
      for (const [position, comment] of thread.entries()) {
        const stored = await findComment(readStore, comment.id);
        expect(await commentsBefore(readStore, stored!, true)).toBe(position);
      }
    }
  });
});
