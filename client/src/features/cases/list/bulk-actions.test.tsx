import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { toasts$ } from '../../../app/toasts.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import type { BulkOutcome } from '../../bulk-jobs/bulk-update.ts';
import type { BulkTarget } from './bulk-change.ts';
import { BulkActions } from './BulkActions.tsx';

scriptedServerPerTest({
  'GET /api/v2/labels/?project=1': { status: 200, body: [] },
  'GET /api/v2/bulk-jobs/?page=1&page_size=20': {
    status: 200,
    body: { count: 0, pages: { next: null, previous: null, current: 1, total: 1 }, results: [] },
  },
});

describe('the cases’ bulk actions bar', () => {
  it('keeps its dialog, and says the change is done, when the change’s own live notice empties the selection first', async () => {
    const toasts: string[] = [];
    const subscription = toasts$.subscribe((toast) => toasts.push(String(toast.summary)));
    const answer = new Subject<BulkOutcome<never>>();
    const send = vi.fn(() => answer);
    const onClear = vi.fn();
    const bar = (count: number) => <BulkActions projectId={1} target={{ count, send } satisfies BulkTarget} onClear={onClear} />;
    const { rerender } = render(bar(3));
    await userEvent.click(await screen.findByRole('button', { name: 'Labels' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(send).toHaveBeenCalledOnce();

    // The list reloads on the live notice: none of the selected cases is left in it.
    rerender(bar(0));
    expect(screen.getByRole('dialog')).toBeTruthy();
    answer.next({ kind: 'done', changed: [] });
    answer.complete();
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(toasts).toEqual(['Labels changed successfully']);
    expect(screen.queryByRole('toolbar')).toBeNull();
    subscription.unsubscribe();
  });
});
