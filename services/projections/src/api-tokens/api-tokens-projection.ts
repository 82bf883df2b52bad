import { TOKEN_SCOPES, topics, streams, type TokenScope } from '@testament/contracts';
import type { UserEvent } from '@testament/contracts';
import { projection } from '../runner/projection.ts';

export const API_TOKENS = 'api_tokens';

/** `api_tokens` read model: unrevoked API tokens by the sha256 of their key. Never holds a key. */
export interface ApiTokenDocument {
  [key: string]: unknown;
  _id: string;
  /** A prefix of the hash: how URLs name the token. */
  tokenId: string;
  userId: number;
  description: string;
  expiresAt: string;
  createdAt: string;
  /** What the token may do; every scope for a token issued before scopes were. */
  scopes: TokenScope[];
  /** The one project it reaches, or null for every project its user may. */
  projectId: number | null;
}

type TokenEvent = Extract<UserEvent, { type: 'UserApiTokenIssued' | 'UserApiTokenDescriptionChanged' | 'UserApiTokenRevoked' }>;

export const apiTokensProjection = projection<TokenEvent>({
  name: 'api-tokens',
  source: import.meta.url,
  collections: { [API_TOKENS]: { indexes: [{ keys: { userId: 1 } }, { keys: { tokenId: 1 } }] } },
  handles: new Set(['UserApiTokenIssued', 'UserApiTokenDescriptionChanged', 'UserApiTokenRevoked']),
  keys: (event) => [[API_TOKENS, event.data.tokenHash]],
  apply(event, view) {
    const userId = streams.user.idOf(event.stream);
    view.notify(topics.apiTokens(userId));
    switch (event.type) {
      case 'UserApiTokenIssued': {
        const { tokenHash, tokenId, description, expiresAt, scopes, projectId } = event.data;
        view.put(API_TOKENS, {
          _id: tokenHash,
          tokenId,
          userId,
          description,
          expiresAt,
          createdAt: event.metadata.time,
          scopes: scopes ?? [...TOKEN_SCOPES],
          projectId: projectId ?? null,
        } satisfies ApiTokenDocument);
        return;
      }
      case 'UserApiTokenDescriptionChanged': {
        const existing = view.get<ApiTokenDocument>(API_TOKENS, event.data.tokenHash);
        if (existing) view.put(API_TOKENS, { ...existing, description: event.data.description });
        return;
      }
      case 'UserApiTokenRevoked':
        view.remove(API_TOKENS, event.data.tokenHash);
    }
  },
});
