import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { LoginForm } from './LoginForm.tsx';
import { loginFailureMessage } from './login-failure.ts';
import { loginTarget } from './login-target.ts';

describe('the login form', () => {
  it('says which fields are missing and does not submit', async () => {
    const onSubmit = vi.fn();
    render(<LoginForm onSubmit={onSubmit} submitting={false} failure={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says it in Russian too', async () => {
    await chooseLanguage('ru');
    render(<LoginForm onSubmit={vi.fn()} submitting={false} failure={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findAllByText('Поле не может быть пустым.')).toHaveLength(2);
  });

  it('submits the credentials with Remember me', async () => {
    const onSubmit = vi.fn();
    render(<LoginForm onSubmit={onSubmit} submitting={false} failure={null} />);
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-1!');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmit).toHaveBeenCalledWith({ username: 'alice', password: 'Secret-1!', remember_me: true }, expect.anything());
  });
});

describe('the login alert', () => {
  const message = (status: number | null, body: unknown = {}) => loginFailureMessage(i18next.t, new ApiError(status, body));

  it('names each failure as the spec does', () => {
    expect(message(null)).toBe('No server response');
    expect(message(400, { username: ['This field may not be blank.'] })).toBe('Missing username or password');
    expect(message(401)).toBe('Unauthorized');
    expect(message(403)).toBe('Login failed');
    expect(message(500)).toBe('Login failed');
  });

  it("says how long to wait when sign-ins back off, in the reader's language", async () => {
    const throttled = { detail: 'Request was throttled. Expected available in 8 seconds.' };
    expect(message(429, throttled)).toBe('Request was throttled. Expected available in 8 seconds.');
    await chooseLanguage('ru');
    expect(message(429, throttled)).toBe('Слишком много запросов. Повторите через 8 с.');
    await chooseLanguage('en');
  });

  it('says so when the credentials are wrong', () => {
    expect(message(400, { errors: ['Unable to log in with provided credentials.'] })).toBe('Unable to log in with provided credentials.');
  });
});

describe('where login leads', () => {
  it('goes to the remembered page, a server plugin page in full, where the guard came from, or home', () => {
    expect(loginTarget('?nextPage=%2Fprojects%2F7%2Foverview')).toEqual({ kind: 'route', to: '/projects/7/overview' });
    expect(loginTarget('?next=/plugins/report/')).toEqual({ kind: 'reload', to: '/plugins/report/' });
    expect(loginTarget('', '/projects/2/overview')).toEqual({ kind: 'route', to: '/projects/2/overview' });
    expect(loginTarget('')).toEqual({ kind: 'route', to: '/' });
  });

  it('never leaves the site', () => {
    expect(loginTarget('?nextPage=//evil.example/')).toEqual({ kind: 'route', to: '/' });
    expect(loginTarget('?nextPage=https://evil.example/')).toEqual({ kind: 'route', to: '/' });
  });
});
