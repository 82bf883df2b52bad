import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../app/services.ts';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { ADMIN } from '../../testing/scripted-server.ts';
import { ProjectFormDialog } from './ProjectFormDialog.tsx';

describe('the project form', () => {
  beforeEach(() => session.user$.next(ADMIN));
  afterEach(() => session.clear());

  it('keeps Create disabled until something changes', () => {
    render(<ProjectFormDialog onClose={() => undefined} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(true);
  });

  it('requires a name and a png or jpeg icon', async () => {
    render(<ProjectFormDialog onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Name'), '   ');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field may not be blank.')).toBeTruthy();
    expect(screen.getByText('logo.gif is not a png or jpg file')).toBeTruthy();
  });

  it('shows the same messages in Russian', async () => {
    await chooseLanguage('ru');
    render(<ProjectFormDialog onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Название'), ' ');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Поле не может быть пустым.')).toBeTruthy();
    expect(screen.getByText('notes.txt — не файл png или jpg')).toBeTruthy();
  });
});
