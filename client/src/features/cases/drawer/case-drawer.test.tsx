import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { CaseDrawer } from './CaseDrawer.tsx';

// The case itself is beside the point: the drawer keeps waiting for it.
scriptedServerPerTest({ 'GET /api/v2/cases/7/': { status: 404, body: { detail: 'Not found.' } } });

beforeEach(() => localStorage.clear());

const open = () =>
  render(
    <MemoryRouter>
      <CaseDrawer projectId={1} caseId={7} onClose={() => undefined} />
    </MemoryRouter>,
  );
const handle = () => screen.getByRole('separator', { name: 'Resize the drawer' });

describe('the case drawer’s width', () => {
  it('opens 500 px wide, then as wide as it was last left in this browser (§9, §3 Local settings)', () => {
    const first = open();
    expect(handle().getAttribute('aria-valuenow')).toBe('500');
    fireEvent.keyDown(handle(), { key: 'ArrowLeft' });
    fireEvent.keyDown(handle(), { key: 'ArrowLeft' });
    expect(handle().getAttribute('aria-valuenow')).toBe('540');
    first.unmount();
    open();
    expect(handle().getAttribute('aria-valuenow')).toBe('540');
  });
});
