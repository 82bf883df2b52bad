import type { FieldError as HookFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../i18n/server-messages.ts';

/** A field's message under it; schema and server messages alike go through the translations. */
export function FieldError({ error }: { error: HookFieldError | undefined }) {
  const { t } = useTranslation();
  if (!error?.message) return null;
  return (
    <small className="p-error field__error" role="alert">
      {translateServerMessage(t, error.message)}
    </small>
  );
}
