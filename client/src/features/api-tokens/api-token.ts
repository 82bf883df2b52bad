import type { ApiToken, tokenObtainBody } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { api } from '../../app/services.ts';

export type { ApiToken } from '@testament/contracts';
/** The owner's credentials, a description, and an expiry day (null: the default year). */
export type TokenRequest = z.input<typeof tokenObtainBody>;

/** `/api/token/obtain/` (outside /api/v2/): create with the owner's credentials, list own, revoke. */
export const apiTokenApi = {
  list: (): Observable<ApiToken[]> => api.get('/api/token/obtain/'),
  create: (request: TokenRequest): Observable<ApiToken> => api.post('/api/token/obtain/', { json: request, handles: [400, 401, 403] }),
  revoke: (id: string): Observable<void> => api.delete(`/api/token/obtain/${id}/`, { handles: [403, 404] }),
};
