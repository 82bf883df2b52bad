import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { aUser, scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { UserFormDialog } from './UserFormDialog.tsx';
import { userBody, userFormDefaults } from './user-form.ts';

const alice = aUser(5, 'alice', { first_name: 'Alice', email: 'alice@example.test' });
const net = scriptedServerPerTest({ 'PATCH /api/v2/users/5/': { status: 200, body: alice } });

describe('the user form (§5)', () => {
  it('says which fields must not be empty', async () => {
    render(<UserFormDialog user={null} onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Username'), 'x');
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Email'), 'y');
    await userEvent.clear(screen.getByLabelText('Email'));
    expect(await screen.findAllByText('This field can not be empty!')).toHaveLength(2);
  });

  it('says it in Russian too', async () => {
    await chooseLanguage('ru');
    render(<UserFormDialog user={null} onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Имя пользователя'), 'x');
    await userEvent.clear(screen.getByLabelText('Имя пользователя'));
    expect(await screen.findByText('Поле не может быть пустым!')).toBeTruthy();
  });

  it('keeps the username once created, and leaves a blank password pair out', async () => {
    const onClose = vi.fn();
    render(<UserFormDialog user={alice} onClose={onClose} />);
    expect(screen.getByLabelText<HTMLInputElement>('Username').disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Last name'), 'Smith');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(net.server.bodies.at(-1)).toEqual({
      email: 'alice@example.test',
      first_name: 'Alice',
      last_name: 'Smith',
      is_active: true,
      is_superuser: false,
    });
  });

  it('sends the username and the password when creating', () => {
    const values = { ...userFormDefaults(null), username: ' bob ', email: 'bob@example.test', password: 'Abcdef1!', confirm: 'Abcdef1!' };
    expect(userBody(values, false)).toEqual({
      username: 'bob',
      email: 'bob@example.test',
      first_name: '',
      last_name: '',
      password: 'Abcdef1!',
      is_active: true,
      is_superuser: false,
    });
  });
});
