import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { expectPrefetchTaken } from '../../testing/prefetch-check.ts';
import { useScriptedServer } from '../../testing/use-server.ts';
import { aProject } from '../results/result-fixtures.ts';
import { ProgressCard } from './components/ProgressCard.tsx';
import { RecentActivityCard } from './components/RecentActivityCard.tsx';
import { StatusesCard } from './components/StatusesCard.tsx';
import { prefetchProjectOverview } from './prefetch-overview.ts';

// apexcharts needs SVG measurements happy-dom lacks; the browser tests draw real charts.
vi.mock('../../components/charts/Chart.tsx', () => ({ Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const passed = { id: 2, label: 'PASSED', color: '#4DAF7C', value: 3, estimates: 0, empty_estimates: 3 };
/** Answers by path, whatever the query (the days move with the clock): the point here is which calls go out, and how often. */
const net = useScriptedServer(
  new Proxy(
    {},
    {
      get: (_answers, key) => {
        if (typeof key !== 'string') return undefined;
        if (key.includes('/histogram/')) return { status: 200, body: [] };
        if (key.includes('/progress/')) return { status: 200, body: [{ id: 1, title: 'Release 1', tests_total: 4, tests_progress_total: 3, tests_progress_period: 2 }] };
        return { status: 200, body: [passed] };
      },
    },
  ),
);

describe('the project overview’s calls asked ahead by its route', () => {
  it('are the cards’ own: the recent activity, the statuses and the executed tests, each taken by its card', async () => {
    const project = aProject();
    const show = async () => {
      render(
        <MemoryRouter>
          <StatusesCard project={project} />
          <ProgressCard project={project} />
          <RecentActivityCard project={project} />
        </MemoryRouter>,
      );
      await screen.findByRole('img', { name: 'Tests in all plans: 3' });
      await screen.findByRole('link', { name: 'Release 1' });
    };
    const asked = await expectPrefetchTaken(net.server, show, () => prefetchProjectOverview({ params: { projectId: '1' }, search: new URLSearchParams(), config: {} }));
    expect(asked.map((call) => call.replace(/\?.*/, ''))).toEqual(['GET /api/v2/projects/1/progress/', 'GET /api/v2/testplans/histogram/', 'GET /api/v2/testplans/statistics/']);
  });
});
