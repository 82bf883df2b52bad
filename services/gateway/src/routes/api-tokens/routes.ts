import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import {
  API_TOKEN_TTL_MS,
  NotFoundError,
  ValidationError,
  apiTokenRoutes,
  parseOrThrow,
  tokenMessages,
  tokenObtainBody,
  tokenPatchBody,
  type ApiToken,
} from '@testament/contracts';
import { findApiToken, findOwnApiToken, listApiTokens } from '@testament/projections/api-tokens/queries';
import type { ApiTokenDocument } from '@testament/projections/api-tokens/api-tokens-projection';
import type { UserDocument } from '@testament/projections/users/user-document';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { apiTokenHash, apiTokenId, newApiTokenKey } from '../../http/api-tokens.ts';
import { execute, waitUntilReadable } from '../../http/execute.ts';
import { throttledSignIn } from '../../http/login-throttle.ts';
import { serve } from '../../http/route-schema.ts';
import { actorOf, ownOrigin, requireUser } from '../../plugins/authentication.ts';

/** The token as the API shows it; the key itself only once, in the answer that creates it. */
function tokenRepresentation(token: ApiTokenDocument, origin: string, key: string | null = null): ApiToken {
  return {
    id: token.tokenId,
    token: key,
    url: `${origin}/api/token/obtain/${token.tokenId}/`,
    is_valid: token.expiresAt > new Date().toISOString(),
    expiration_date: token.expiresAt,
    description: token.description,
    created_at: token.createdAt,
    scopes: token.scopes,
    project: token.projectId,
  };
}

/** The path names a token by its id, or (as TestY's clients do) by its key; either way only the owner finds it. */
async function ownToken(readStore: GatewayContext['system']['readStore'], user: UserDocument, key: string): Promise<ApiTokenDocument> {
  const token = /^[0-9a-f]{64}$/.test(key)
    ? await findApiToken(readStore, apiTokenHash(key))
    : await findOwnApiToken(readStore, user._id, key);
  if (!token || token.userId !== user._id) throw new NotFoundError();
  return token;
}

/** TTL API tokens for scripts and CI (§2.2): `Authorization: Token <key>`, no CSRF. */
export default async function serveApiTokens(app: FastifyInstance, context: GatewayContext) {
  const { system, config } = context;
  const tokenOf = (request: FastifyRequest) => ownToken(system.readStore, requireUser(request), (request.params as { key: string }).key);

  /** Credentials in the body are the authority: no session needed. */
  serve(app, apiTokenRoutes.create, async (request, reply) => {
    const body = parseOrThrow(tokenObtainBody, request.body ?? {});
    const expiresAt = body.expiration_date ?? new Date(Date.now() + API_TOKEN_TTL_MS).toISOString();
    if (expiresAt <= new Date().toISOString()) throw ValidationError.of('expiration_date', tokenMessages.expirationInPast);
    const key = newApiTokenKey();
    const tokenHash = apiTokenHash(key);
    const caller = request.principal?.user;
    const actor = caller ? actorOf(caller) : SYSTEM_ACTOR;
    const { position } = await throttledSignIn(request, body.username, () =>
      system.dispatch(
        'users.issueApiToken',
        {
          username: body.username,
          password: body.password,
          tokenHash,
          tokenId: apiTokenId(tokenHash),
          description: body.description,
          expiresAt,
          scopes: body.scopes ?? null,
          projectId: body.project,
        },
        newCommandMeta(actor, { correlationId: request.id }),
      ),
    );
    await waitUntilReadable(system, config, position, request.cancellation);
    const token = await findApiToken(system.readStore, tokenHash);
    return reply.code(201).send(tokenRepresentation(token!, ownOrigin(request), key));
  });

  serve(app, apiTokenRoutes.list, async (request) => {
    const user = requireUser(request);
    return (await listApiTokens(system.readStore, user._id)).map((token) => tokenRepresentation(token, ownOrigin(request)));
  });

  serve(app, apiTokenRoutes.retrieve, async (request) => tokenRepresentation(await tokenOf(request), ownOrigin(request)));

  serve(app, apiTokenRoutes.update, async (request) => {
    const token = await tokenOf(request);
    const { description } = parseOrThrow(tokenPatchBody, request.body ?? {});
    await execute(context, request, 'users.changeApiTokenDescription', { userId: token.userId, tokenHash: token._id, description });
    return tokenRepresentation((await findApiToken(system.readStore, token._id))!, ownOrigin(request));
  });

  serve(app, apiTokenRoutes.destroy, async (request, reply) => {
    const token = await tokenOf(request);
    await execute(context, request, 'users.revokeApiToken', { userId: token.userId, tokenHash: token._id });
    return reply.code(204).send();
  });
}
