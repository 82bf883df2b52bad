import { z } from 'zod';
import { messages } from '../messages.ts';
import { nullableIdField } from './fields.ts';
import { noContent, routeSet, TOKEN_SCOPES, type TokenScope } from './route.ts';
import { timestamp } from './wire.ts';

/** TTL tokens for scripts and CI (§2.2): `Authorization: Token <key>`. */
export const API_TOKEN_TTL_MS = 365 * 24 * 3_600_000;
export const API_TOKEN_DESCRIPTION_MAX = 255;

export const tokenMessages = {
  invalidToken: 'Invalid token.',
  expiredToken: 'Token has expired.',
  inactiveUser: 'User inactive or deleted.',
  expirationInPast: 'Expiration date must be in the future.',
  invalidDate: 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DD, YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
  tooLong: `Ensure this field has no more than ${API_TOKEN_DESCRIPTION_MAX} characters.`,
  unknownScope: (scope: string) => `"${scope}" is not a valid choice.`,
  noScope: 'A token needs at least one scope.',
  adminScopeForAdministrators: 'Only an administrator’s token can have the admin scope.',
  adminScopeInOneProject: 'A token kept to one project cannot have the admin scope.',
  outOfScope: (scope: string) => `This token does not have the "${scope}" scope.`,
} as const;

const description = z.string({ error: messages.notAString }).max(API_TOKEN_DESCRIPTION_MAX, tokenMessages.tooLong);

/** A date (end of that day is not implied: midnight UTC) or an ISO-8601 date-time with a zone, as an ISO string. */
const expirationDate = z.string({ error: tokenMessages.invalidDate }).transform((value, ctx) => {
  const text = value.trim();
  const shaped = /^\d{4}-\d{2}-\d{2}$/.test(text) || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  const time = shaped ? Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text) : Number.NaN;
  if (Number.isNaN(time)) {
    ctx.addIssue({ code: 'custom', message: tokenMessages.invalidDate });
    return z.NEVER;
  }
  return new Date(time).toISOString();
});

/** The scopes a user's token may hold: admin for administrators only. */
export const scopesHeldBy = (isSuperuser: boolean): TokenScope[] => TOKEN_SCOPES.filter((scope) => scope !== 'admin' || isSuperuser);

/** A token kept to one project cannot administer, so no administrator's shortcut passes its restriction. */
export const adminInOneProject = (scopes: readonly TokenScope[] | undefined, project: number | null): boolean =>
  project !== null && scopes?.includes('admin') === true;

/** Scopes as a list, or (as a form or a shell sends them) one comma-separated text; each once, in the catalogue's order. */
const scopes = z
  .union([z.array(z.string({ error: messages.notAString })), z.string()], { error: messages.notAList })
  .transform((value, ctx) => {
    const named = (typeof value === 'string' ? value.split(',') : value).map((scope) => scope.trim()).filter(Boolean);
    const unknown = named.find((scope) => !(TOKEN_SCOPES as readonly string[]).includes(scope));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: tokenMessages.unknownScope(unknown) });
    else if (named.length === 0) ctx.addIssue({ code: 'custom', message: tokenMessages.noScope });
    return TOKEN_SCOPES.filter((scope) => named.includes(scope));
  });

export const tokenObtainBody = z
  .object({
    username: z.string({ error: messages.required }).min(1, messages.blank),
    password: z.string({ error: messages.required }).min(1, messages.blank),
    description: description.optional().default(''),
    expiration_date: z.union([z.null(), expirationDate]).optional(),
    /** Testament's own: what the token may do (all its user may when not named), and the one project it is kept to. */
    scopes: scopes.optional(),
    project: nullableIdField.optional().default(null),
  })
  .superRefine((body, ctx) => {
    if (adminInOneProject(body.scopes, body.project))
      ctx.addIssue({ code: 'custom', path: ['scopes'], message: tokenMessages.adminScopeInOneProject });
  });
export type TokenObtainBody = z.output<typeof tokenObtainBody>;

/** Only the description can change; other fields are ignored. */
export const tokenPatchBody = z.object({ description });

/** An API token as its owner sees it; the key itself (`token`) only in the answer that creates it, null after. */
export const apiTokenResponse = z.strictObject({
  /** A prefix of the key's hash: how URLs name the token. */
  id: z.string(),
  token: z.string().nullable(),
  url: z.string(),
  is_valid: z.boolean(),
  expiration_date: timestamp,
  description: z.string(),
  created_at: timestamp,
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** The one project the token may reach, or null for every project its user may. */
  project: z.number().int().positive().nullable(),
});
export type ApiToken = z.output<typeof apiTokenResponse>;

const tokenList = '/api/token/obtain/';
const tokenDetail = '/api/token/obtain/:key/';

/** `/api/token/obtain/` (§2.2, outside /api/v2/): TTL API tokens for scripts and CI. */
export const apiTokenRoutes = routeSet('api-tokens', {
  /** Credentials in the body are the authority: no session needed. */
  create: {
    method: 'POST',
    path: tokenList,
    summary: 'Create an API token with username and password; the answer is the only one that shows its key',
    body: tokenObtainBody,
    response: { 201: apiTokenResponse },
    public: true,
  },
  list: { method: 'GET', path: tokenList, summary: "The caller's API tokens", response: { 200: z.array(apiTokenResponse) } },
  retrieve: {
    method: 'GET',
    path: tokenDetail,
    summary: "One of the caller's API tokens, by its id or its key",
    response: { 200: apiTokenResponse },
  },
  update: {
    method: 'PATCH',
    path: tokenDetail,
    summary: "Change an API token's description",
    body: tokenPatchBody,
    response: { 200: apiTokenResponse },
  },
  destroy: { method: 'DELETE', path: tokenDetail, summary: 'Revoke an API token', response: { 204: noContent } },
});
