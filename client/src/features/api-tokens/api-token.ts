import type { Observable } from 'rxjs';
import { api } from '../../app/services.ts';

/** A TTL API token (§2.2) as its owner sees it; the key itself only in the answer that creates it. */
export interface ApiToken {
  id: string;
  token: string | null;
  is_valid: boolean;
  expiration_date: string;
  description: string;
  created_at: string;
}

export interface TokenRequest {
  username: string;
  password: string;
  description: string;
  /** YYYY-MM-DD, or null for the default year. */
  expiration_date: string | null;
}

/** `/api/token/obtain/` (outside /api/v2/): create with the owner's credentials, list own, revoke. */
export const apiTokenApi = {
  list: (): Observable<ApiToken[]> => api.get('/api/token/obtain/'),
  create: (request: TokenRequest): Observable<ApiToken> => api.post('/api/token/obtain/', { json: request, handles: [400, 401, 403] }),
  revoke: (id: string): Observable<void> => api.delete(`/api/token/obtain/${id}/`, { handles: [403, 404] }),
};
