import type { Result, ResultCreateBody, ResultPatchBody, resultCreatedResponse } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';

export type { Result } from '@testament/contracts';
export type CreatedResult = z.output<typeof resultCreatedResponse>;

/** The result calls of §7; the forms show a 400's messages and a 403's detail themselves. */
export const resultApi = {
  create: (body: ResultCreateBody): Observable<CreatedResult> => api.post(apiPath('results/'), { json: body, handles: [400, 403] }),
  update: (resultId: number, body: ResultPatchBody): Observable<Result> => api.patch(apiPath(`results/${resultId}/`), { json: body, handles: [400, 403, 404] }),
};
