import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { NotificationMessage } from './NotificationMessage.tsx';
import type { Notification } from './notification.ts';

const ACCESS = { placeholder_text: 'Checkout', placeholder_link: '/projects/7/access-management' };

const notification = (template: string, place: Pick<Notification['message'], 'placeholder_text' | 'placeholder_link'>): Notification => ({
  id: 1,
  unread: true,
  actor: 'alice',
  timestamp: '2026-01-01T00:00:00Z',
  timeago: '3 minutes ago',
  message: { template, ...place },
});

function show(template: string, place = ACCESS) {
  render(
    <MemoryRouter>
      <NotificationMessage notification={notification(template, place)} />
    </MemoryRouter>,
  );
}

describe('a notification', () => {
  it('links its placeholder to what it is about', () => {
    show('alice requested access to {{placeholder}}: I test its releases');
    const link = screen.getByRole('link', { name: 'Checkout' });
    expect(link.getAttribute('href')).toBe('/projects/7/access-management');
    expect(link.parentElement?.textContent).toBe('alice requested access to Checkout: I test its releases');
  });

  it('is shown in Russian, with and without a reason', async () => {
    await chooseLanguage('ru');
    show('alice requested access to {{placeholder}}: I test its releases');
    expect(screen.getByRole('link', { name: 'Checkout' }).parentElement?.textContent).toBe(
      'alice запрашивает доступ к Checkout: I test its releases',
    );
    show('alice requested access to {{placeholder}}');
    expect(screen.getAllByRole('link', { name: 'Checkout' })[1]!.parentElement?.textContent).toBe('alice запрашивает доступ к Checkout');
  });

  it(
    'tells what a bulk job in the background did and where it ended ' + '(code 4, §4.11), linking to the plan or to the project’s plans',
    async () => {
      show('Bulk update was ended {{placeholder}}: results added to tests (1200)', {
        placeholder_text: 'in test plan Sprint 1',
        placeholder_link: '/projects/7/plans/3',
      });
      const plan = screen.getByRole('link', { name: 'in test plan Sprint 1' });
      expect(plan.getAttribute('href')).toBe('/projects/7/plans/3');
      expect(plan.parentElement?.textContent).toBe('Bulk update was ended in test plan Sprint 1: results added to tests (1200)');

      await chooseLanguage('ru');
      show('Bulk update was ended {{placeholder}}: cases moved or relabelled (3)', {
        placeholder_text: 'in project Checkout',
        placeholder_link: '/projects/7/suites',
      });
      const project = screen.getByRole('link', { name: 'в проекте Checkout' });
      expect(project.getAttribute('href')).toBe('/projects/7/suites');
      expect(project.parentElement?.textContent).toBe(
        'Массовое изменение завершено в проекте Checkout: тест-кейсы перенесены или перемечены (3)',
      );
    },
  );

  it('tells where a bulk job stopped and why, the reason in the reader’s language too', async () => {
    const failed = 'Bulk update failed {{placeholder}} after 500 of 1200: Archived objects can only be changed by an administrator.';
    show(failed, { placeholder_text: 'in project Checkout', placeholder_link: '/projects/7/plans' });
    expect(screen.getByRole('link', { name: 'in project Checkout' }).parentElement?.textContent).toBe(
      'Bulk update failed in project Checkout after 500 of 1200: Archived objects can only be changed by an administrator.',
    );
    await chooseLanguage('ru');
    show(failed, { placeholder_text: 'in project Checkout', placeholder_link: '/projects/7/plans' });
    expect(screen.getAllByRole('link', { name: 'в проекте Checkout' })[1]!.parentElement?.textContent).toBe(
      'Массовое изменение остановлено в проекте Checkout после 500 из 1200: Архивные объекты может изменять только администратор.',
    );
  });

  it('shows a linked name as it is, even one worded like a message', async () => {
    await chooseLanguage('ru');
    show('You were added to {{placeholder}} by bob', {
      placeholder_text: 'This field is required.',
      placeholder_link: '/projects/8/overview',
    });
    expect(screen.getByRole('link', { name: 'This field is required.' })).toBeTruthy();
  });
});
