import { z } from 'zod';
import { TOKEN_SCOPES } from '../api/route.ts';
import { defineEvents, type EventsOf } from './catalog.ts';

const userId = z.number().int().positive();

/** A stored avatar: the cropped upload and the 180 px rendition served at `/avatars/{id}/`. */
export const avatarSchema = z.object({
  /** BlobStore key of the rendition served to browsers. */
  key: z.string().min(1),
  /** BlobStore key of the cropped upload at its own size. */
  originalKey: z.string().min(1),
  contentType: z.enum(['image/png', 'image/jpeg']),
});
export type StoredAvatar = z.output<typeof avatarSchema>;

/** API tokens are known by the sha256 of their key; `tokenId` (a prefix of that hash) addresses them in URLs. */
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/);

export const userEvents = defineEvents({
  UserRegistered: {
    version: 1,
    schema: z.object({
      userId,
      username: z.string().min(1),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      passwordHash: z.string(),
      isSuperuser: z.boolean(),
      isStaff: z.boolean(),
      isActive: z.boolean(),
    }),
  },
  UserProfileChanged: {
    version: 1,
    schema: z.object({ firstName: z.string().optional(), lastName: z.string().optional(), email: z.string().optional() }),
  },
  /**
   * Ends every session that started before it, except `keptSessionHash`: the
   * caller's new session, started just before, so that no moment exists in
   * which the password has changed and the caller's browser holds no valid
   * session (a live notice of the change would otherwise meet its old cookie).
   */
  UserPasswordChanged: {
    version: 1,
    audit: { secretField: 'password' },
    schema: z.object({ passwordHash: z.string(), keptSessionHash: z.string().optional() }),
  },
  /** The patch as sent; the fold deep-merges it into the stored config. */
  UserConfigChanged: {
    version: 1,
    audit: { fieldsAfter: (data, before) => ({ ...before, config: { ...(before?.config as object), ...(data.patch as object) } }) },
    schema: z.object({ patch: z.record(z.string(), z.unknown()) }),
  },
  /**
   * Sessions are appended to `sessions-<userId>`, kept apart from the user's
   * stream because every login adds to them; logs written before that have them
   * in `user-<userId>`. Only the sha256 of the session id is kept: the log must
   * not hold usable credentials.
   */
  UserSessionStarted: {
    version: 1,
    audit: { action: 'signed_in' },
    schema: z.object({ sessionHash: z.string(), expiresAt: z.string(), rememberMe: z.boolean() }),
  },
  UserSessionEnded: {
    version: 1,
    audit: { action: 'signed_out' },
    schema: z.object({
      sessionHash: z.string(),
      // Only logout and rotated are written now; the others are in older logs, from before the user's own events ended sessions.
      reason: z.enum(['logout', 'rotated', 'password_changed', 'deactivated', 'user_deleted']),
    }),
  },
  /** Granted or withdrawn by a superuser; is_staff follows is_superuser. */
  UserPrivilegesChanged: { version: 1, schema: z.object({ isSuperuser: z.boolean(), isStaff: z.boolean() }) },
  /** Blocks login and API tokens; every session that started before it ends. */
  UserDeactivated: { version: 1, audit: { action: 'archived' }, schema: z.object({}) },
  UserActivated: { version: 1, audit: { action: 'restored' }, schema: z.object({}) },
  /** The user disappears from lists and can no longer sign in; every session that started before it ends, tokens are revoked first. */
  UserDeleted: { version: 1, schema: z.object({}) },
  UserAvatarChanged: { version: 1, schema: z.object({ avatar: avatarSchema }) },
  UserAvatarRemoved: { version: 1, schema: z.object({}) },
  /** `scopes` and `projectId` came later: a token issued without them holds every scope in every project. */
  UserApiTokenIssued: {
    version: 1,
    schema: z.object({
      tokenHash,
      tokenId: z.string().min(1),
      description: z.string(),
      expiresAt: z.string(),
      scopes: z.array(z.enum(TOKEN_SCOPES)).optional(),
      projectId: z.number().int().positive().nullable().optional(),
    }),
  },
  UserApiTokenDescriptionChanged: { version: 1, schema: z.object({ tokenHash, description: z.string() }) },
  UserApiTokenRevoked: { version: 1, schema: z.object({ tokenHash, reason: z.enum(['revoked', 'user_deleted']) }) },
});

export type UserEvent = EventsOf<typeof userEvents>;
export type SessionEvent = Extract<UserEvent, { type: 'UserSessionStarted' | 'UserSessionEnded' }>;

/**
 * Reservation of a username, appended to `username-<lowercase name>` with `no_stream`.
 * After the user is deleted the name can be claimed again: the last claim names the owner.
 */
export const usernameEvents = defineEvents({
  UsernameClaimed: { version: 1, schema: z.object({ userId }) },
});
export type UsernameEvent = EventsOf<typeof usernameEvents>;
