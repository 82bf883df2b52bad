import { adminInOneProject, TOKEN_SCOPES, tokenMessages, tokenObtainBody } from '@testament/contracts';
import { z } from 'zod';

/**
 * Description and password by the API's own rules; the expiry is a day after today, or none for the default year; the
 * scopes (at least one) and the one project the token may be kept to (null: every project its user may).
 */
export const tokenFormSchema = z
  .object({
    description: tokenObtainBody.shape.description.unwrap().unwrap(),
    password: tokenObtainBody.shape.password,
    expiration_date: z.date().nullable(),
    scopes: z.array(z.enum(TOKEN_SCOPES)).min(1, tokenMessages.noScope),
    project: z.number().int().positive().nullable(),
  })
  .refine((values) => !adminInOneProject(values.scopes, values.project), {
    path: ['scopes'],
    message: tokenMessages.adminScopeInOneProject,
  });
export type TokenFormValues = z.infer<typeof tokenFormSchema>;

/** The first day a new token may expire on. */
export function tomorrow(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}
