import { apiTokenRoutes, type ApiToken, type tokenObtainBody } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { api } from '../../app/services.ts';

export type { ApiToken } from '@testament/contracts';
/** The owner's credentials, a description, and an expiry day (null: the default year). */
export type TokenRequest = z.input<typeof tokenObtainBody>;

const tokens = api.endpoints(apiTokenRoutes);

/** `/api/token/obtain/` (outside /api/v2/): create with the owner's credentials, list own, revoke. */
export const apiTokenApi = {
  list: (): Observable<ApiToken[]> => tokens.list(),
  create: (request: TokenRequest): Observable<ApiToken> => tokens.create({ body: request }, { handles: [400, 401, 403] }),
  revoke: (id: string): Observable<void> => tokens.destroy({ key: id }, { handles: [403, 404] }),
};
