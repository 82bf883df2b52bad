import {
  NotFoundError,
  REMEMBERED_SESSION_TTL_MS,
  SESSION_TTL_MS,
  ValidationError,
  changePasswordBody,
  deepMergeConfig,
  messages,
  parseOrThrow,
  profilePatchBody,
  profilePutBody,
  userConfigPatchBody,
  userCreateBody,
  userListQuery,
  userMessages,
  userPatchBody,
  userPutBody,
  userRoutes,
  type UserConfig,
} from '@testament/contracts';
import { findActiveSession } from '@testament/projections/sessions/queries';
import { findProject, isProjectVisible } from '@testament/projections/projects/queries';
import { findUser, findVisibleUser, listUsers } from '@testament/projections/users/queries';
import type { UserDocument } from '@testament/projections/users/user-document';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { serve } from '../../http/route-schema.ts';
import { newCsrfToken, newSessionId, sessionHash, setCsrfCookie, setSessionCookie } from '../../http/session-cookies.ts';
import { ownOrigin, requirePrincipal, requireSuperuser, requireUser } from '../../plugins/authentication.ts';
import { sendJsonString } from '../../http/replies.ts';
import { viewerOf } from '../../representations/projects.ts';
import { avatarRoutes } from './avatar.ts';
import { userRepresentation } from '../../representations/users.ts';

const requireAdministrator = (request: FastifyRequest) => requireSuperuser(request, userMessages.onlySuperuserManagesUsers);

/** UI preferences and saved filters fit easily; the config lives in the user document that every request of theirs reads. */
const MAX_CONFIG_KIB = 64;

/** The config a patch would leave must stay within MAX_CONFIG_KIB of JSON. */
function requireConfigFits(config: UserConfig, patch: UserConfig): void {
  if (Buffer.byteLength(JSON.stringify(deepMergeConfig(config, patch))) > MAX_CONFIG_KIB * 1024) {
    throw ValidationError.general(messages.configTooLarge(MAX_CONFIG_KIB));
  }
}

/** The profile fields of a body, as the commands name them. */
function profileOf(body: { first_name?: string | undefined; last_name?: string | undefined; email?: string | undefined }) {
  return { firstName: body.first_name, lastName: body.last_name, email: body.email };
}

/** A full update (PUT) names the username, which must stay the user's own; a PATCH need not name it. */
function requireOwnUsername(body: object, user: UserDocument): void {
  if ('username' in body && body.username !== user.username) throw ValidationError.of('username', userMessages.usernameFixed);
}

/** The caller's own account (profile (D1), UI config, password) and, for superusers, everyone's. */
export default async function serveUsers(app: FastifyInstance, context: GatewayContext) {
  await app.register(avatarRoutes, context);
  const { system, config } = context;
  const freshUser = async (userId: number) => (await findUser(system.readStore, userId))!;
  const represent = async (request: FastifyRequest, userId: number) => userRepresentation(await freshUser(userId), ownOrigin(request));

  /** A user the caller may see: 404 otherwise, including for deleted users and, for external callers, non-co-members. */
  async function visibleUser(request: FastifyRequest): Promise<UserDocument> {
    const found = await findVisibleUser(system.readStore, requireUser(request), Number((request.params as { id: string }).id));
    if (!found) throw new NotFoundError();
    return found;
  }

  /** Project filters only count projects the caller can see, so they reveal no hidden memberships. */
  async function visibleProjectIds(viewer: UserDocument, projectIds: number[]): Promise<number[]> {
    const visible: number[] = [];
    for (const projectId of projectIds) {
      const project = await findProject(system.readStore, projectId);
      if (project && isProjectVisible(project, viewerOf(viewer))) visible.push(projectId);
    }
    return visible;
  }

  serve(app, userRoutes.me, async (request) => userRepresentation(requireUser(request), ownOrigin(request)));

  const changeOwnProfile = (schema: typeof profilePatchBody | typeof profilePutBody) => async (request: FastifyRequest) => {
    const user = requireUser(request);
    const body = parseOrThrow(schema, request.body ?? {});
    requireOwnUsername(body, user);
    await execute(context, request, 'users.changeProfile', { userId: user._id, ...profileOf(body) });
    return represent(request, user._id);
  };
  serve(app, userRoutes.updateMe, changeOwnProfile(profilePatchBody));
  serve(app, userRoutes.replaceMe, changeOwnProfile(profilePutBody));

  serve(app, userRoutes.config, async (request) => requireUser(request).config);

  serve(app, userRoutes.updateConfig, async (request) => {
    const user = requireUser(request);
    const patch = parseOrThrow(userConfigPatchBody, request.body ?? {});
    requireConfigFits(user.config, patch);
    await execute(context, request, 'users.changeConfig', { userId: user._id, patch });
    return (await freshUser(user._id)).config;
  });

  /**
   * Ends every session of the user (§2.2). A caller signed in by cookie gets a
   * new session and CSRF token; one using an API token keeps using it.
   */
  serve(app, userRoutes.changePassword, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { password } = parseOrThrow(changePasswordBody, request.body ?? {});
    if (principal.via === 'token') {
      await execute(context, request, 'users.changePassword', { userId: principal.user._id, password });
      return sendJsonString(reply, messages.passwordChanged);
    }
    const current = await findActiveSession(system.readStore, principal.sessionHash, new Date());
    const rememberMe = current?.rememberMe ?? false;
    const ttl = rememberMe ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS;
    const sessionId = newSessionId();
    await execute(context, request, 'users.changePassword', {
      userId: principal.user._id,
      password,
      newSession: { sessionHash: sessionHash(sessionId), expiresAt: new Date(Date.now() + ttl).toISOString(), rememberMe },
    });
    setSessionCookie(reply, sessionId, ttl, config.secureCookies);
    setCsrfCookie(reply, newCsrfToken(), config.secureCookies);
    return sendJsonString(reply, messages.passwordChanged);
  });

  serve(app, userRoutes.list, async (request) => {
    const viewer = requireUser(request);
    const query = parseOrThrow(userListQuery, request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const excludeExternalFrom = query.exclude_external;
    const { items, count } = await listUsers(
      system.readStore,
      viewer,
      {
        username: query.username,
        email: query.email,
        firstName: query.first_name,
        lastName: query.last_name,
        projectIds: query.project && (await visibleProjectIds(viewer, query.project)),
        // A project the caller cannot see has no members they may learn about: every external user is hidden.
        excludeExternalFrom:
          excludeExternalFrom === undefined ? undefined : ((await visibleProjectIds(viewer, [excludeExternalFrom]))[0] ?? 0),
        isActive: query.is_active,
        isSuperuser: query.is_superuser,
      },
      page,
    );
    return paginated(
      request,
      page,
      count,
      items.map((user) => userRepresentation(user, ownOrigin(request))),
    );
  });

  serve(app, userRoutes.retrieve, async (request) => userRepresentation(await visibleUser(request), ownOrigin(request)));

  serve(app, userRoutes.create, async (request, reply) => {
    requireAdministrator(request);
    const body = parseOrThrow(userCreateBody, request.body ?? {});
    const { userId } = await execute(context, request, 'users.register', {
      username: body.username,
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      password: body.password,
      isActive: body.is_active,
      isSuperuser: body.is_superuser,
    });
    return reply.code(201).send(await represent(request, userId));
  });

  /** Superusers change anyone; others only their own profile fields (the decider refuses flags and passwords). */
  const changeUser = (schema: typeof userPatchBody | typeof userPutBody) => async (request: FastifyRequest) => {
    const target = await visibleUser(request);
    const body = parseOrThrow(schema, request.body ?? {});
    requireOwnUsername(body, target);
    await execute(context, request, 'users.update', {
      userId: target._id,
      ...profileOf(body),
      isActive: body.is_active,
      isSuperuser: body.is_superuser,
      password: body.password,
    });
    return represent(request, target._id);
  };
  serve(app, userRoutes.update, changeUser(userPatchBody));
  serve(app, userRoutes.replace, changeUser(userPutBody));

  serve(app, userRoutes.destroy, async (request, reply) => {
    requireAdministrator(request);
    const target = await visibleUser(request);
    await execute(context, request, 'users.delete', { userId: target._id });
    return reply.code(204).send();
  });
}
