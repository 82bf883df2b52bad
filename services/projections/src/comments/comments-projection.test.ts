import { SqliteReadStore } from '@testament/infra';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchSizes, nth, pick } from '../testing/arbitraries.ts';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { commentsProjection } from './comments-projection.ts';
import { commentsBefore, findComment, listComments } from './queries.ts';

interface ModelComment {
  id: number;
  objectId: number;
  content: string;
  deleted: boolean;
  createdAt: string;
}

/** A comment posted on one of three cases, or a live comment edited or deleted. */
type Step = { kind: 'post'; objectId: number } | { kind: 'edit' | 'delete'; comment: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('post' as const), objectId: fc.integer({ min: 1, max: 3 }) }) },
  fc.record({ kind: fc.constantFrom('edit' as const, 'delete' as const), comment: pick }),
);

/** Comments posted on three cases, edited and deleted at random, some at the same instant (two steps a second). */
function history(steps: readonly Step[]) {
  const model = new Map<number, ModelComment>();
  const events: TestEvent[] = [];
  for (let step = 0, id = 1; step < steps.length; step++) {
    const done = steps[step]!;
    const time = new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(step / 2))).toISOString();
    if (done.kind === 'post') {
      const comment = { id, objectId: done.objectId, content: `Note ${step}`, deleted: false, createdAt: time };
      model.set(id, comment);
      events.push({
        type: 'CommentPosted',
        stream: `comment-${id}`,
        time,
        data: {
          commentId: id,
          projectId: 3,
          model: 'testcase',
          objectId: comment.objectId,
          userId: 5,
          content: comment.content,
          attachmentIds: [],
        },
      });
      id++;
      continue;
    }
    const target = nth(
      [...model.values()].filter((comment) => !comment.deleted),
      done.comment,
    );
    if (!target) continue;
    if (done.kind === 'edit') {
      target.content = `Edited ${step}`;
      events.push({
        type: 'CommentEdited',
        stream: `comment-${target.id}`,
        time,
        data: { commentId: target.id, projectId: 3, content: target.content, attachmentIds: [] },
      });
    } else {
      target.deleted = true;
      events.push({ type: 'CommentDeleted', stream: `comment-${target.id}`, time, data: { commentId: target.id, projectId: 3 } });
    }
  }
  return { events, model };
}

describe('comments read model', () => {
  it('keeps every thread equal to a recomputation from scratch, pages and deep links included', { timeout: 30_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 200, size: 'max' }), batchSizes, async (steps, batches) => {
        const { events, model } = history(steps);
        const readStore = new SqliteReadStore();
        await foldInto(readStore, [commentsProjection], recorded(events), batches);
        for (const objectId of [1, 2, 3]) {
          const thread = [...model.values()]
            .filter((comment) => comment.objectId === objectId)
            .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
          const page = await listComments(readStore, 'testcase', objectId, true, { skip: 5, limit: 5 });
          expect(page.count).toBe(thread.length);
          expect(page.items.map((comment) => [comment._id, comment.content, comment.deletedAt !== null])).toEqual(
            thread.slice(5, 10).map((comment) => [comment.id, comment.content, comment.deleted]),
          );
          for (const [position, comment] of thread.entries()) {
            const stored = await findComment(readStore, comment.id);
            expect(await commentsBefore(readStore, stored!, true)).toBe(position);
          }
        }
        await readStore.close();
      }),
      { numRuns: 30, interruptAfterTimeLimit: 20_000 },
    );
  });
});
