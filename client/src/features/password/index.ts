/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
export { PasswordFields } from './PasswordFields.tsx';
export { checkPasswordPair } from './password-form.ts';
