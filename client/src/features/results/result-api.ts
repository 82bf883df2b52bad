import { resultRoutes, type Result, type ResultCreateBody, type ResultPatchBody, type resultCreatedResponse } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { api } from '../../app/services.ts';

export type { Result } from '@testament/contracts';
export type CreatedResult = z.output<typeof resultCreatedResponse>;

const results = api.endpoints(resultRoutes);

/** The result calls of §7; the forms show a 400's messages and a 403's detail themselves. */
export const resultApi = {
  create: (body: ResultCreateBody): Observable<CreatedResult> => results.create({ body }, { handles: [400, 403] }),
  update: (resultId: number, body: ResultPatchBody): Observable<Result> =>
    results.update({ id: resultId, body }, { handles: [400, 403, 404] }),
};
