import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { NotificationMessage } from './NotificationMessage.tsx';
import type { Notification } from './notification.ts';

const notification = (template: string): Notification => ({
  id: 1,
  unread: true,
  actor: 'alice',
  timestamp: '2026-01-01T00:00:00Z',
  timeago: '3 minutes ago',
  message: { template, placeholder_text: 'Checkout', placeholder_link: '/projects/7/access-management' },
});

function show(template: string) {
  render(
    <MemoryRouter>
      <NotificationMessage notification={notification(template)} />
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
    expect(screen.getByRole('link', { name: 'Checkout' }).parentElement?.textContent).toBe('alice запрашивает доступ к Checkout: I test its releases');
    show('alice requested access to {{placeholder}}');
    expect(screen.getAllByRole('link', { name: 'Checkout' })[1]!.parentElement?.textContent).toBe('alice запрашивает доступ к Checkout');
  });
});
