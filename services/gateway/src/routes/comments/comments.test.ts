import { describe, expect, it } from 'vitest';
import type { Browser } from '../../testing/harness.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

async function caseIn(browser: Browser, project: number): Promise<number> {
  const suite = (await browser.post('/api/v2/suites/', { name: 'Suite', project })).json().id;
  const made = await browser.post('/api/v2/cases/', { project, suite, name: 'Log in', scenario: 'Do it' });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id;
}

describe('comments on cases', () => {
  it('make a thread, newest first and 5 to a page, edited and deleted by their author only, deleted ones kept as tombstones', async () => {
    const project = await world.newProject('Comment threads');
    const caseId = await caseIn(world.alice, project);
    const ids: number[] = [];
    for (let n = 1; n <= 7; n++) {
      const posted = await world.alice.post('/api/v2/comments/', { model: 'testcase', object_id: caseId, content: `Note ${n}` });
      expect(posted.statusCode, posted.body).toBe(201);
      ids.push(posted.json().id);
    }
    const first = (await world.bob.get(`/api/v2/comments/?model=testcase&object_id=${caseId}`)).json();
    expect(first).toMatchObject({ count: 7, pages: { total: 2, current: 1 } });
    expect(first.results.map((comment: { content: string }) => comment.content)).toEqual([
      'Note 7',
      'Note 6',
      'Note 5',
      'Note 4',
      'Note 3',
    ]);
    expect(first.results[0]).toMatchObject({ user: { username: 'alice' }, attachments: [], deleted_at: null });
    const deepLink = (await world.bob.get(`/api/v2/comments/?comment_id=${ids[0]}`)).json();
    expect(deepLink.pages.current).toBe(2);
    expect(deepLink.results.map((comment: { id: number }) => comment.id)).toContain(ids[0]);

    expect((await world.bob.put(`/api/v2/comments/${ids[0]}/`, { content: 'Bob was here' })).statusCode).toBe(404);
    expect((await world.admin.delete(`/api/v2/comments/${ids[0]}/`)).statusCode).toBe(404);
    const edited = (await world.alice.put(`/api/v2/comments/${ids[0]}/`, { content: 'Note 1, edited' })).json();
    expect(edited.content).toBe('Note 1, edited');
    expect(edited.updated_at >= edited.created_at).toBe(true);
    expect((await world.alice.delete(`/api/v2/comments/${ids[1]}/`)).statusCode).toBe(204);
    const tombstone = (await world.alice.get(`/api/v2/comments/${ids[1]}/`)).json();
    expect(tombstone).toMatchObject({ content: 'Comment was deleted', attachments: [] });
    expect(tombstone.deleted_at).not.toBeNull();
    expect((await world.alice.put(`/api/v2/comments/${ids[1]}/`, { content: 'back' })).statusCode).toBe(404);
    expect(
      (await world.alice.get(`/api/v2/comments/?model=testcase&object_id=${caseId}&ordering=created_at&page_size=2`))
        .json()
        .results.map((comment: { content: string }) => comment.content),
    ).toEqual(['Note 1, edited', 'Comment was deleted']);
  });

  it('refuse empty comments and threads without their object, and hide what the caller cannot see as missing (D4)', async () => {
    const project = await world.newProject('Comment rules');
    const caseId = await caseIn(world.alice, project);
    expect((await world.alice.post('/api/v2/comments/', { model: 'testcase', object_id: caseId, content: ' ' })).json()).toEqual({
      errors: ['Comment cannot be empty'],
    });
    expect((await world.alice.post('/api/v2/comments/', { model: 'testcase', object_id: 999999, content: 'x' })).statusCode).toBe(404);
    expect((await world.alice.post('/api/v2/comments/', { model: 'nothing', object_id: caseId, content: 'x' })).json()).toEqual({
      model: ['"nothing" is not a valid choice.'],
    });
    expect((await world.alice.get('/api/v2/comments/?model=testcase')).json()).toEqual({
      errors: ['Both model and object_id are required.'],
    });
    const secret = await caseIn(world.alice, world.privateProject);
    const note = (await world.alice.post('/api/v2/comments/', { model: 'testcase', object_id: secret, content: 'inside' })).json();
    expect((await world.bob.get(`/api/v2/comments/?model=testcase&object_id=${secret}`)).statusCode).toBe(404);
    expect((await world.bob.post('/api/v2/comments/', { model: 'testcase', object_id: secret, content: 'let me in' })).statusCode).toBe(
      404,
    );
    expect((await world.bob.get(`/api/v2/comments/${note.id}/`)).statusCode).toBe(404);
    expect((await world.eve.get(`/api/v2/comments/${note.id}/`)).statusCode).toBe(200);
    const suite = (await world.alice.post('/api/v2/suites/', { name: 'Commented', project })).json().id;
    expect((await world.alice.post('/api/v2/comments/', { model: 'testsuite', object_id: suite, content: 'On a suite' })).statusCode).toBe(
      201,
    );
  });

  it('are edited in part with PATCH: what is left out stays, by their author only', async () => {
    const project = await world.newProject('Comment patches');
    const caseId = await caseIn(world.alice, project);
    const file = (await world.alice.post('/api/v2/comments/', { model: 'testcase', object_id: caseId, content: 'First words' })).json();
    const patched = await world.alice.patch(`/api/v2/comments/${file.id}/`, { content: 'Better words' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: file.id, content: 'Better words', attachments: [] });
    // Nothing sent: nothing changes, and the comment is still not empty.
    expect((await world.alice.patch(`/api/v2/comments/${file.id}/`, {})).json()).toMatchObject({ content: 'Better words' });
    expect((await world.alice.patch(`/api/v2/comments/${file.id}/`, { content: '  ' })).json()).toEqual({
      errors: ['Comment cannot be empty'],
    });
    expect((await world.alice.patch(`/api/v2/comments/${file.id}/`, { content: 42 })).statusCode).toBe(400);
    expect((await world.bob.patch(`/api/v2/comments/${file.id}/`, { content: 'Bob was here' })).statusCode).toBe(404);
    expect((await world.anonymous.patch(`/api/v2/comments/${file.id}/`, { content: 'Anyone' })).statusCode).toBe(401);
    expect((await world.alice.get(`/api/v2/comments/${file.id}/`)).json().content).toBe('Better words');
  });
});
