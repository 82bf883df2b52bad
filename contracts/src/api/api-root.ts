import { z } from 'zod';
import { routeSet } from './route.ts';

/** `GET /api/v2/`: DRF's router root, each resource's name with the absolute URL of its list. */
export const apiRootRoutes = routeSet('api-root', {
  root: {
    method: 'GET',
    path: '/api/v2/',
    summary: 'The API root: each resource with the URL of its list',
    response: { 200: z.record(z.string(), z.string()) },
  },
});
