import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { LabelsChooser } from './LabelsChooser.tsx';

scriptedServerPerTest({
  'GET /api/v2/labels/?project=1': {
    status: 200,
    body: [{ id: 1, name: 'slow', color: null, project: 1, user: 1, username: 'admin', type: 1 }],
  },
});

describe('the labels chooser', () => {
  it('finds the project’s labels for text typed before they arrived', async () => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const scripted = window.fetch;
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/labels/')) await arrived;
      return scripted(input, init);
    }) as typeof fetch;
    render(<LabelsChooser projectId={1} id="labels" value={[]} onChange={() => undefined} />);
    await userEvent.type(screen.getByRole('combobox'), 'slo');
    expect(await screen.findByText('New label')).toBeTruthy();
    release();
    expect(await screen.findByText('slow', { selector: '.label-suggestion' })).toBeTruthy();
  });
});
