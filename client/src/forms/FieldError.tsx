import { useTranslation } from 'react-i18next';
import { translateFormMessage } from './form-messages.ts';

/** A field's message under it; schema and server messages alike go through the translations. */
export function FieldError({ error }: { error: { message?: string | undefined } | undefined }) {
  const { t } = useTranslation();
  if (!error?.message) return null;
  return (
    <small className="p-error field__error" role="alert">
      {translateFormMessage(t, error.message)}
    </small>
  );
}
