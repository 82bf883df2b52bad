import { z } from 'zod';
import { booleanField, queryBoolean, queryId } from './fields.ts';
import { ValidationError } from '../errors.ts';
import { messages } from '../messages.ts';
import { paginationQuery } from './query.ts';
import { file, noContent, routeSet } from './route.ts';
import { detailResponse, id, paginatedResponse, timestamp } from './wire.ts';

/** The spec's password rules, in the order their messages are shown. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (!/[A-Z]/.test(password)) problems.push(messages.password.uppercase);
  if (!/[a-z]/.test(password)) problems.push(messages.password.lowercase);
  if (!/[0-9]/.test(password)) problems.push(messages.password.digit);
  if (!/[!@#$%^&*]/.test(password)) problems.push(messages.password.special);
  if (password.length < 8) problems.push(messages.password.length);
  return problems;
}

export const passwordField = z.string({ error: messages.required }).superRefine((password, ctx) => {
  for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
});

export const changePasswordBody = z.object({ password: passwordField });

/** D1: only profile fields; anything else in the body is ignored, not rejected. */
const profileFields = {
  first_name: z.string().max(150, messages.maxLength(150)).optional(),
  last_name: z.string().max(150, messages.maxLength(150)).optional(),
  email: z.union([z.email({ error: 'Enter a valid email address.' }), z.literal('')]).optional(),
};
export const profilePatchBody = z.object(profileFields);

export const userConfigPatchBody = z.record(z.string(), z.unknown(), { error: messages.notAnObject });

/** Messages of user administration and avatars (DRF wording where DRF has one). */
export const userMessages = {
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  invalidUsername: 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
  invalidEmail: 'Enter a valid email address.',
  passwordsDiffer: 'The passwords that you entered do not match!',
  cannotDeleteSelf: 'You cannot delete yourself.',
  cannotDeactivateSelf: 'You cannot deactivate yourself.',
  cannotDemoteSelf: 'You cannot remove your own superuser status.',
  onlySuperuserManagesUsers: 'Only an administrator can manage users.',
  onlySuperuserPrivileges: 'Only an administrator can change the active and superuser flags.',
  onlySuperuserPasswords: 'Only an administrator can set the password of a user; use change-password for your own.',
  invalidCrop: 'Crop must be a JSON object with left, right, upper and lower between 0 and 1, left < right and upper < lower.',
  avatarTooSmall: (min: number) => `The cropped avatar must be at least ${min}x${min} pixels.`,
  avatarRequired: 'No file was submitted.',
  avatarUpdated: 'Avatar was updated successfully',
  avatarRemoved: 'Avatar was removed successfully',
  invalidIdList: 'Enter a comma-separated list of ids.',
  invalidId: 'A valid integer is required.',
  usernameFixed: 'A username cannot be changed.',
} as const;

const nameField = z.string({ error: messages.required }).max(150, userMessages.maxLength(150));
const emailField = z
  .string({ error: messages.required })
  .trim()
  .max(254, userMessages.maxLength(254))
  .pipe(z.union([z.email({ error: userMessages.invalidEmail }), z.literal('')]));

/** Django's username rules: required, at most 150 of letters, digits and @ . + - _. */
export const usernameField = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.blank, abort: true })
  .max(150, userMessages.maxLength(150))
  .regex(/^[\w.@+-]+$/u, userMessages.invalidUsername);

/** `PUT users/me/`: DRF's full update names the (unchangeable) username too; only the profile fields change (D1). */
export const profilePutBody = z.object({ username: usernameField, ...profileFields });

function confirmMatches(body: { password?: string | undefined; confirm?: string | undefined }, ctx: z.RefinementCtx): void {
  if (body.confirm !== undefined && body.password !== undefined && body.confirm !== body.password) {
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: userMessages.passwordsDiffer });
  }
}

/** `POST users/` (superusers): the User fields plus a password that passes the rules. */
export const userCreateBody = z
  .object({
    username: usernameField,
    email: emailField.optional().default(''),
    first_name: nameField.optional().default(''),
    last_name: nameField.optional().default(''),
    password: z.string({ error: messages.required }).min(1, messages.blank).pipe(passwordField),
    /** The form's confirmation; checked when sent. */
    confirm: z.string().optional(),
    is_active: booleanField.optional().default(true),
    is_superuser: booleanField.optional().default(false),
  })
  .superRefine(confirmMatches);
export type UserCreateBody = z.output<typeof userCreateBody>;

/**
 * `PATCH users/{id}/`. username is read-only and ignored, like every field not
 * listed. A blank password pair means "unchanged", as the web app's edit form sends it.
 */
const userChangeFields = {
  email: emailField.optional(),
  first_name: nameField.optional(),
  last_name: nameField.optional(),
  is_active: booleanField.optional(),
  is_superuser: booleanField.optional(),
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), passwordField.optional()),
  confirm: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().optional()),
};
export const userPatchBody = z.object(userChangeFields).superRefine(confirmMatches);
export type UserPatchBody = z.output<typeof userPatchBody>;

/**
 * `PUT users/{id}/`: DRF's full update, so the required `username` must come too. Usernames never change (they
 * name the account's reservation), so it must be the user's own; fields left out stay as they are, as in DRF.
 */
export const userPutBody = z.object({ username: usernameField, ...userChangeFields }).superRefine(confirmMatches);

const idList = z
  .string()
  .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, userMessages.invalidIdList)
  .transform((value) => [...new Set(value.split(',').map((id) => Number(id.trim())))])
  .refine((ids) => ids.length <= 100, messages.tooManyItems(100));

/** `GET users/` filters (§3.14). */
export const userListQuery = z.object({
  username: z.string().optional(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  project: idList.optional(),
  exclude_external: queryId.transform(Number).optional(),
  is_active: queryBoolean.optional(),
  is_superuser: queryBoolean.optional(),
});
export type UserListQuery = z.output<typeof userListQuery>;

/** Avatars are shown at 180 px; the crop must keep at least 10x10 (§9). */
export const AVATAR_SIZE = 180;
export const AVATAR_MIN_CROP = 10;

const fraction = z.number().min(0).max(1);
const cropBox = z
  .object({ left: fraction, right: fraction, upper: fraction, lower: fraction })
  .refine((crop) => crop.left < crop.right && crop.upper < crop.lower);
export type AvatarCrop = z.output<typeof cropBox>;

export const DEFAULT_AVATAR_CROP: AvatarCrop = { left: 0.25, upper: 0.25, right: 0.75, lower: 0.75 };

/**
 * The `crop` field: a JSON object of fractions like PIL's box (left, upper,
 * right, lower). Absent means the default, a 50% square at 25%,25%.
 */
export function parseAvatarCrop(value: unknown): AvatarCrop {
  if (value === undefined || value === '') return DEFAULT_AVATAR_CROP;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
  }
  const result = cropBox.safeParse(parsed);
  if (!result.success) throw ValidationError.of('crop', userMessages.invalidCrop);
  return result.data;
}

/** The User object (§3.14). */
export const userResponse = z.strictObject({
  id,
  url: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  date_joined: timestamp,
  /** Django's auth groups: always empty, kept for TestY's clients. */
  groups: z.array(id),
  /** The 180 px avatar's URL, or '' when the user has none. */
  avatar_link: z.string(),
});
export type User = z.output<typeof userResponse>;
export const userListResponse = paginatedResponse(userResponse);

/** The user's UI config: free-form by design (user-config.ts), so any JSON object. */
export const userConfigResponse = z.record(z.string(), z.unknown());

const userList = '/api/v2/users/';
const userDetail = '/api/v2/users/:id(^\\d+)/';
const me = '/api/v2/users/me/';
const myConfig = '/api/v2/users/me/config/';
const myAvatar = '/api/v2/users/me/avatar/';

/** `users/` (§3.14): the caller's own account (profile, UI config, password, avatar) and, for superusers, everyone's. */
export const userRoutes = routeSet('users', {
  me: { method: 'GET', path: me, summary: 'The signed-in user', response: { 200: userResponse } },
  updateMe: {
    method: 'PATCH',
    path: me,
    summary: "Change the caller's own profile (names, email); other fields are ignored",
    body: profilePatchBody,
    response: { 200: userResponse },
  },
  replaceMe: {
    method: 'PUT',
    path: me,
    summary: "Change the caller's own profile as a full update: `username` (their own) is required, other fields are ignored",
    body: profilePutBody,
    response: { 200: userResponse },
  },
  config: { method: 'GET', path: myConfig, summary: "The caller's UI config", response: { 200: userConfigResponse } },
  updateConfig: {
    method: 'PATCH',
    path: myConfig,
    summary: "Deep-merge a patch into the caller's UI config (null removes a key)",
    body: userConfigPatchBody,
    response: { 200: userConfigResponse },
  },
  changePassword: {
    method: 'POST',
    path: '/api/v2/users/change-password/',
    summary: "Change the caller's password, ending their other sessions",
    body: changePasswordBody,
    response: { 200: z.string() },
  },
  list: {
    method: 'GET',
    path: userList,
    summary: 'Users the caller may see',
    querystring: userListQuery.extend(paginationQuery.shape),
    response: { 200: userListResponse },
  },
  retrieve: { method: 'GET', path: userDetail, summary: 'One user', response: { 200: userResponse } },
  create: { method: 'POST', path: userList, summary: 'Create a user (superusers)', body: userCreateBody, response: { 201: userResponse } },
  update: {
    method: 'PATCH',
    path: userDetail,
    summary: 'Change a user: superusers anything, others their own profile fields',
    body: userPatchBody,
    response: { 200: userResponse },
  },
  replace: {
    method: 'PUT',
    path: userDetail,
    summary: 'Change a user as a full update: `username` (unchanged) is required; fields left out stay as they are',
    body: userPutBody,
    response: { 200: userResponse },
  },
  destroy: { method: 'DELETE', path: userDetail, summary: 'Delete a user (superusers)', response: { 204: noContent } },
  uploadAvatar: {
    method: 'POST',
    path: myAvatar,
    summary: "Set the caller's avatar: a png or jpeg file `avatar`, and `crop` (JSON fractions left, upper, right, lower)",
    multipart: true,
    response: { 200: detailResponse },
  },
  removeAvatar: { method: 'DELETE', path: myAvatar, summary: "Remove the caller's avatar", response: { 200: detailResponse } },
  avatar: {
    method: 'GET',
    path: '/avatars/:userId(^\\d+)/',
    summary: "A user's avatar, 180 px",
    response: { 200: file('The image', 'image/png', 'image/jpeg') },
  },
});
