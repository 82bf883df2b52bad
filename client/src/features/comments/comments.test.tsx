import type { Comment } from '@testament/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN, aUser, scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { Comments } from './Comments.tsx';

const bob = aUser(2, 'bob');
const at = '2026-01-02T10:00:00Z';
const comment = (id: number, given: Partial<Comment>): Comment => ({
  id,
  content: `comment ${id}`,
  user: ADMIN,
  created_at: at,
  updated_at: at,
  attachments: [],
  deleted_at: null,
  ...given,
});
const thread = [
  comment(3, { content: 'mine, changed later', updated_at: '2026-01-03T10:00:00Z' }),
  comment(2, { content: "bob's", user: bob }),
  comment(1, { content: 'Comment was deleted', deleted_at: '2026-01-04T10:00:00Z' }),
];

scriptedServerPerTest({
  'GET /api/v2/comments/?model=testcase&object_id=9&page=1&page_size=5&ordering=-created_at': {
    status: 200,
    body: { links: { next: null, previous: null }, count: 3, pages: { next: null, previous: null, current: 1, total: 1 }, results: thread },
  },
});

describe('comments (§4, §5, §6)', () => {
  it('offers Add only with text or a file', async () => {
    render(<Comments model="testcase" objectId={9} projectId={1} />);
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Comment' })[0]!, '  ');
    expect(add.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Comment' })[0]!, 'Looks good');
    expect(add.hasAttribute('disabled')).toBe(false);
  });

  it('lets only the author edit or delete, never a deleted comment; marks edited and deleted ones', async () => {
    render(<Comments model="testcase" objectId={9} projectId={1} />);
    const [mine] = await screen.findAllByRole('article', { name: 'Comment by admin' });
    expect(within(mine!).getByText('edited')).toBeTruthy();
    expect(within(mine!).getByRole('button', { name: 'Edit comment' })).toBeTruthy();
    const theirs = screen.getByRole('article', { name: 'Comment by bob' });
    expect(within(theirs).queryByRole('button', { name: 'Edit comment' })).toBeNull();
    const deleted = screen.getAllByRole('article', { name: 'Comment by admin' })[1]!;
    expect(within(deleted).getByText('deleted')).toBeTruthy();
    expect(within(deleted).queryByRole('button', { name: 'Delete comment' })).toBeNull();
  });

  it('keeps Save disabled while the edited text is empty', async () => {
    render(<Comments model="testcase" objectId={9} projectId={1} />);
    const [mine] = await screen.findAllByRole('article', { name: 'Comment by admin' });
    await userEvent.click(within(mine!).getByRole('button', { name: 'Edit comment' }));
    await userEvent.clear(within(mine!).getByRole('textbox', { name: 'Comment' }));
    expect(within(mine!).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});
