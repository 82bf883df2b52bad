import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

const net = scriptedServerPerTest({ 'POST /api/v2/users/change-password/': { status: 200, body: 'Password changed successfully' } });

const metRules = () => screen.getByRole('list', { name: 'The password needs' }).querySelectorAll('li.is-met').length;

describe('changing the password', () => {
  it('ticks the rules off as they are typed, and opens the confirmation once all are met', async () => {
    render(<ChangePasswordDialog onClose={() => undefined} />);
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText<HTMLInputElement>('Confirm password');
    await userEvent.type(password, 'abc');
    expect(metRules()).toBe(1);
    expect(confirm.disabled).toBe(true);
    await userEvent.type(password, 'DEF1!xy');
    expect(metRules()).toBe(5);
    expect(confirm.disabled).toBe(false);
  });

  it('says when the confirmation does not match, and keeps Save disabled until it does', async () => {
    const onClose = vi.fn();
    render(<ChangePasswordDialog onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('New password'), 'Abcdef1!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Abcdef1?');
    expect(await screen.findByText('The passwords that you entered do not match!')).toBeTruthy();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Abcdef1!');
    await waitFor(() => expect(save.disabled).toBe(false));
    await userEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(net.server.bodies.at(-1)).toEqual({ password: 'Abcdef1!' });
  });
});
