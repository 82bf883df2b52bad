import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { AccessDialog } from './AccessDialog.tsx';
import type { Member } from './member.ts';

const roles = [
  { id: 1, name: 'Admin', permissions: [], type: 0, url: 'http://testament.test/api/v2/roles/1/' },
  { id: 2, name: 'User', permissions: [], type: 0, url: 'http://testament.test/api/v2/roles/2/' },
];
const bob: Member = { ...aUser(7, 'bob'), roles: [roles[1]!] };
const net = scriptedServerPerTest({ 'PUT /api/v2/roles/assign/': { status: 200, body: [] } });

describe('granting access (§5; the e2e grants and changes roles on the real server)', () => {
  it('needs at least one role', async () => {
    render(<AccessDialog projectId={3} member={bob} roles={roles} onClose={() => undefined} />);
    // Removing the only role's chip leaves none.
    fireEvent.click(document.querySelector('.p-multiselect-token-icon')!);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('This list may not be empty.')).toBeTruthy();
    expect(net.server.calls).not.toContain('PUT /api/v2/roles/assign/');
  });
});
