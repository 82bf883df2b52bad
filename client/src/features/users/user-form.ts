import { usernameField, userCreateBody } from '@testament/contracts';
import { z } from 'zod';
import { formMessages } from '../../forms/form-messages.ts';
import type { User } from '../../session/user.ts';
import { checkPasswordPair } from '../password/index.ts';
import type { UserCreateBody, UserPatchBody } from '../../entities/user/user-api.ts';

const notEmpty = z.string().refine((text) => text.trim() !== '', { message: formMessages.empty, abort: true });

/** Username, email and (unless editing with both blank) the password pair must not be empty (§5); then the API's own rules. */
export function userFormSchema(editing: boolean) {
  return z
    .object({
      username: editing ? z.string() : notEmpty.pipe(usernameField),
      email: notEmpty.pipe(userCreateBody.shape.email.unwrap().unwrap()),
      first_name: z.string(),
      last_name: z.string(),
      password: z.string(),
      confirm: z.string(),
      is_active: z.boolean(),
      is_superuser: z.boolean(),
    })
    .superRefine((values, ctx) => checkPasswordPair(values, ctx, { optional: editing }));
}

export type UserFormValues = z.input<ReturnType<typeof userFormSchema>>;

export function userFormDefaults(user: User | null): UserFormValues {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    password: '',
    confirm: '',
    is_active: user?.is_active ?? true,
    is_superuser: user?.is_superuser ?? false,
  };
}

/** The body: the username only on create, a blank password pair dropped when editing (§5). */
export function userBody(values: UserFormValues, editing: false): UserCreateBody;
export function userBody(values: UserFormValues, editing: true): UserPatchBody;
export function userBody(values: UserFormValues, editing: boolean): UserCreateBody | UserPatchBody {
  const { username, confirm: _confirm, password, ...rest } = values;
  return { ...rest, ...(editing ? {} : { username: username.trim() }), ...(password !== '' ? { password } : {}) };
}
