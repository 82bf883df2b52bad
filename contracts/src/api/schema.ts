import { routeSet } from './route.ts';

/** The API's own description: the OpenAPI document the routes' contracts make (browsable at `/api/v2/docs`). */
export const schemaRoutes = routeSet('schema', {
  document: {
    method: 'GET',
    path: '/api/v2/schema/',
    summary: 'This API as an OpenAPI 3.1 document',
    public: true,
    response: { 200: { description: 'The OpenAPI document', content: { 'application/json': { schema: { type: 'object' } } } } },
  },
});
