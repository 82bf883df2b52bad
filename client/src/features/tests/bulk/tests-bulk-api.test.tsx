import { render, screen, waitFor } from '@testing-library/react';
import type { ToastMessage } from 'primereact/toast';
import { firstValueFrom } from 'rxjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from '../../../api/api-error.ts';
import { api } from '../../../app/services.ts';
import { toasts$ } from '../../../app/toasts.ts';
import type { ScriptedAnswer } from '../../../testing/scripted-fetch.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { BackgroundJobNotice } from '../../bulk-jobs/BackgroundJobNotice.tsx';
import { aTarget } from '../../../testing/bulk-fixtures.ts';
import { updateTests } from './tests-bulk-api.ts';

const LIST = 'PUT /api/v2/tests/bulk-update/';
const TREE = 'PUT /api/v2/tests/bulk-update-tree/';
const changed = [{ id: 10 }, { id: 11 }];
const answers: Record<string, ScriptedAnswer> = {};
const net = scriptedServerPerTest(answers);
beforeEach(() => {
  answers[LIST] = { status: 200, body: changed };
  answers[TREE] = { status: 200, body: changed };
});

const sent = (call: string) => net.server.bodies[net.server.calls.lastIndexOf(call)];

describe('updateTests (tests-and-results §7, §4.11)', () => {
  it('sends the list view’s selection with the change to bulk-update/, and answers with the changed tests', async () => {
    const outcome = await firstValueFrom(updateTests(aTarget(), { assignee_id: 4 }));
    expect(outcome).toEqual({ kind: 'done', changed });
    expect(sent(LIST)).toEqual({
      project: 1,
      current_plan: 3,
      excluded_tests: [9],
      filter_conditions: { last_status: '1' },
      assignee_id: 4,
    });
  });

  it('sends the tree view’s plans and tests to bulk-update-tree/', async () => {
    const target = aTarget({ selection: { view: 'tree', body: { project: 1, included_plans: [3], included_tests: [12] } } });
    await firstValueFrom(updateTests(target, { plan_id: 8 }));
    expect(net.server.calls).not.toContain(LIST);
    expect(sent(TREE)).toEqual({ project: 1, included_plans: [3], included_tests: [12], plan_id: 8 });
  });

  it(
    'asks for a job in the background past 1,000 tests, and then says ' +
      'in a toast, not a modal, that it runs there and where to follow it',
    async () => {
      const notices: ToastMessage[] = [];
      const watching = toasts$.subscribe((notice) => notices.push(notice));
      render(<BackgroundJobNotice />);
      await firstValueFrom(updateTests(aTarget({ count: 1000 }), { is_deleted: true }));
      expect(sent(LIST)).not.toHaveProperty('is_async');
      expect(notices).toEqual([]); // Done at once: the dialog that asked says so.

      answers[LIST] = { status: 200 }; // K3: a job in the background answers with an empty body.
      const outcome = await firstValueFrom(updateTests(aTarget({ count: 1001 }), { result: { status: 2 } }));
      expect(outcome).toEqual({ kind: 'background' });
      expect(sent(LIST)).toMatchObject({ is_async: true, result: { status: 2 } });
      await waitFor(() => expect(notices).toHaveLength(1));
      expect(notices[0]).toMatchObject({ severity: 'info', summary: 'Running in the background' });
      expect(notices[0]!.detail).toContain('Follow it in the bulk operations panel at the bottom right');
      expect(screen.queryByRole('dialog')).toBeNull();
      watching.unsubscribe();
    },
  );

  it('leaves a refusal to the dialog that asked: another job running (409) is not an app-wide failure', async () => {
    answers[LIST] = {
      status: 409,
      body: { detail: 'Another bulk operation of yours is still running in this project; wait for it to end.' },
    };
    const failures: unknown[] = [];
    const watching = api.failures$.subscribe((failure) => failures.push(failure));
    const error = await firstValueFrom(updateTests(aTarget(), { is_deleted: true })).catch((refusal: unknown) => refusal);
    watching.unsubscribe();
    expect(isApiError(error) && { status: error.status, routed: error.routed, detail: error.detail }).toEqual({
      status: 409,
      routed: false,
      detail: 'Another bulk operation of yours is still running in this project; wait for it to end.',
    });
    expect(failures).toEqual([]);
  });
});
