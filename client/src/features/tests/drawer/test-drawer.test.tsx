import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScriptedAnswer } from '../../../testing/scripted-fetch.ts';
import { ADMIN, aUser, scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { aCaseWithSteps, aPage, aProject, aResult, aTest, STATUSES } from '../../../testing/result-fixtures.ts';
import { TestDrawer } from './TestDrawer.tsx';

const UNION = '/api/v2/tests/5/results-union/';
const comment = {
  id: 30,
  content: 'Seen on staging',
  user: aUser(2, 'bob'),
  created_at: '2026-01-03T10:00:00Z',
  updated_at: '2026-01-03T10:00:00Z',
  attachments: [],
  deleted_at: null,
  type: 'comment' as const,
};
const current = { ...aResult(20), type: 'result' as const };
const older = { ...aResult(19, { test_case_version: 1, comment: 'Older one' }), type: 'result' as const };

const answers: Record<string, ScriptedAnswer> = {
  'GET /api/v2/tests/5/': { status: 200, body: aTest() },
  'GET /api/v2/cases/7/': { status: 200, body: aCaseWithSteps() },
  'GET /api/v2/projects/1/': { status: 200, body: aProject() },
  'GET /api/v2/statuses/?project=1': { status: 200, body: STATUSES },
  'GET /api/v2/custom-attributes/?project=1': { status: 200, body: [] },
  [`GET ${UNION}?ordering=-created_at&page=1&page_size=10`]: { status: 200, body: aPage([comment, current, older]) },
  [`GET ${UNION}?ordering=-created_at&type=result&page=1&page_size=10`]: { status: 200, body: aPage([current, older]) },
  [`GET ${UNION}?ordering=-created_at&type=comment&page=1&page_size=10`]: { status: 200, body: aPage([comment]) },
  'PATCH /api/v2/tests/5/': { status: 200, body: aTest({ assignee: 1, assignee_username: 'admin' }) },
};
const net = scriptedServerPerTest(answers);

beforeEach(() => localStorage.clear());

function open(address = '/projects/1/plans/3?test=5', onClose = () => undefined) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <TestDrawer projectId={1} testId={5} onClose={onClose} />
    </MemoryRouter>,
  );
}

const answer = (key: string, body: unknown, status = 200) => {
  answers[key] = { status, body };
};

describe('the test drawer (tests-and-results §2 Test drawer)', () => {
  it('shows the test, its case at the actual version, and its results and comments', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Test case, version 2/ }).getAttribute('href')).toBe(
      '/projects/1/suites/4?test_case=7&version=2',
    );
    // The case's step, by its name in bold: the results, if they have arrived by now, name the same step in their step lists.
    expect(screen.getByText('Open the login page', { selector: 'strong' })).toBeTruthy();
    expect(await screen.findByText('Total: 3')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Comment by bob' })).toBeTruthy();
    const result = screen.getByRole('article', { name: 'Result #20' });
    expect(within(result).getByText('It broke')).toBeTruthy();
    expect(within(result).getByRole('button', { name: 'Clone result #20' })).toBeTruthy();
    // Clone only for results made on the case's current version (§6).
    expect(within(screen.getByRole('article', { name: 'Result #19' })).queryByRole('button', { name: 'Clone result #19' })).toBeNull();
  });

  it('assigns the test to me', async () => {
    open();
    expect(await screen.findByText('Not assigned')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(net.server.calls).toContain('PATCH /api/v2/tests/5/'));
    expect(net.server.bodies[net.server.calls.indexOf('PATCH /api/v2/tests/5/')]).toEqual({ assignee: ADMIN.id });
  });

  it('offers no Assign to me when the test is mine already', async () => {
    answer('GET /api/v2/tests/5/', aTest({ assignee: ADMIN.id, assignee_username: 'admin' }));
    try {
      open();
      expect(await screen.findByText('admin', { selector: '.test-assignee__name' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    } finally {
      answer('GET /api/v2/tests/5/', aTest());
    }
  });

  it('keeps an archived project’s results as they are (§6)', async () => {
    answer('GET /api/v2/projects/1/', aProject({ is_archive: true }));
    try {
      open();
      await screen.findByText('Total: 3');
      expect(screen.getByRole('button', { name: 'Add result' }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: 'Edit result #20' }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: 'Clone result #20' }).hasAttribute('disabled')).toBe(true);
      expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    } finally {
      answer('GET /api/v2/projects/1/', aProject());
    }
  });

  it('lists one kind per tab, and says when there is none', async () => {
    answer(`GET ${UNION}?ordering=-created_at&type=result&page=1&page_size=10`, aPage([]));
    try {
      open();
      await screen.findByText('Total: 3');
      await userEvent.click(screen.getByRole('tab', { name: 'Results' }));
      expect(await screen.findByText('No test results')).toBeTruthy();
      await userEvent.click(screen.getByRole('tab', { name: 'Comments' }));
      expect(await screen.findByRole('article', { name: 'Comment by bob' })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Newest first' }));
      await waitFor(() => expect(net.server.calls).toContain(`GET ${UNION}?ordering=created_at&type=comment&page=1&page_size=10`));
    } finally {
      answer(`GET ${UNION}?ordering=-created_at&type=result&page=1&page_size=10`, aPage([current, older]));
    }
  });

  it('opens the comments tab and marks the comment the address names', async () => {
    open('/projects/1/plans/3?test=5#comment-30');
    const named = await screen.findByRole('article', { name: 'Comment by bob' });
    expect(screen.getByRole('tab', { name: 'Comments', selected: true })).toBeTruthy();
    expect(named.classList.contains('is-highlighted')).toBe(true);
  });

  it('opened on the add-result form, closes with it', async () => {
    const onClose = vi.fn();
    open('/projects/1/plans/3?test=5&view=addResult', onClose);
    const form = await screen.findByRole('region', { name: 'Add result' });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('opened on the test, goes back to it from the add-result form', async () => {
    const onClose = vi.fn();
    open('/projects/1/plans/3?test=5', onClose);
    await userEvent.click(await screen.findByRole('button', { name: 'Add result' }));
    await userEvent.click(within(await screen.findByRole('region', { name: 'Add result' })).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before closing over a result form with changes', async () => {
    const onClose = vi.fn();
    open('/projects/1/plans/3?test=5', onClose);
    await userEvent.click(await screen.findByRole('button', { name: 'Add result' }));
    await userEvent.type(within(await screen.findByRole('region', { name: 'Add result' })).getByLabelText('Comment'), 'Half written');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
  });
});
