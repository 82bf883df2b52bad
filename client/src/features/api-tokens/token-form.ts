import { tokenObtainBody } from '@testament/contracts';
import { z } from 'zod';

/** Description and password by the API's own rules; the expiry is a day after today, or none for the default year. */
export const tokenFormSchema = z.object({
  description: tokenObtainBody.shape.description.unwrap().unwrap(),
  password: tokenObtainBody.shape.password,
  expiration_date: z.date().nullable(),
});
export type TokenFormValues = z.infer<typeof tokenFormSchema>;

/** The first day a new token may expire on. */
export function tomorrow(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}
