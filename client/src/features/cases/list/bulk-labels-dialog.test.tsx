import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts$ } from '../../../app/toasts.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import type { BulkOutcome } from '../../bulk-jobs/bulk-update.ts';
import type { BulkChange } from './bulk-change.ts';
import { BulkLabelsDialog } from './BulkLabelsDialog.tsx';

scriptedServerPerTest({
  'GET /api/v2/labels/?project=1': {
    status: 200,
    body: [{ id: 1, name: 'smoke', color: null, project: 1, user: 1, username: 'admin', type: 1 }],
  },
});

const toasts: string[] = [];
toasts$.subscribe((toast) => toasts.push(String(toast.summary)));
afterEach(() => {
  toasts.splice(0);
});

const chooser = () => screen.getByLabelText('Choose labels');
const suggestion = (name: string) => screen.findByText(name, { selector: '.label-suggestion' });

/** The dialog over three selected cases whose change answers `outcome`. */
function show(outcome: BulkOutcome<never>) {
  const send = vi.fn((_change: BulkChange) => of(outcome));
  const onDone = vi.fn();
  render(<BulkLabelsDialog projectId={1} target={{ count: 3, send }} onClose={() => undefined} onDone={onDone} />);
  return { send, onDone };
}

describe('the bulk labels dialog', () => {
  it('adds labels by name, a new one too, as the case form does (§5 Label chooser)', async () => {
    const { send, onDone } = show({ kind: 'done', changed: [] });
    await userEvent.type(chooser(), 'Fresh');
    expect(await screen.findByText('New label')).toBeTruthy();
    await userEvent.click(await suggestion('Fresh'));
    await userEvent.type(chooser(), 'smo');
    await userEvent.click(await suggestion('smoke'));
    await userEvent.type(chooser(), 'smo');
    expect(await screen.findByText('Already added')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({ labels_action: 'add', labels: [{ name: 'Fresh' }, { id: 1, name: 'smoke' }] });
    expect(toasts).toEqual(['Labels changed successfully']);
  });

  it('closes without saying the labels changed when the change went on in the background (§4.11)', async () => {
    const { send, onDone } = show({ kind: 'background' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({ labels_action: 'clear' });
    expect(toasts).toEqual([]);
  });
});
