import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormSetError } from 'react-hook-form';
import type { Observable } from 'rxjs';
import { isApiError } from '../api/api-error.ts';
import { useAction, type ActionState } from '../app/use-action.ts';
import { showServerErrors } from './server-errors.ts';

/**
 * A form's submit as an action: on success `onDone`; on a 400 the messages go
 * next to their fields and the rest (and a 403's detail) into the alert.
 */
export function useFormAction<T extends FieldValues, I, R>(
  run: (input: I) => Observable<R>,
  form: { fields: readonly Path<T>[]; setError: UseFormSetError<T> },
  onDone: (result: R) => void,
  /** Besides the messages on the form, as the role grant's toast (§8). */
  onRefused?: () => void,
): { submit: (input: I) => void; state: ActionState<R>; alert: string[] } {
  const [alert, setAlert] = useState<string[]>([]);
  const [submit, state] = useAction(run, (outcome) => {
    if (outcome.state === 'done') onDone(outcome.result);
    else if (isApiError(outcome.error) && !outcome.error.routed) {
      setAlert(showServerErrors(outcome.error, form.fields, form.setError));
      onRefused?.();
    }
  });
  return { submit, state, alert };
}

interface ActionFormOptions<In extends FieldValues, Out, R> extends UseFormProps<In, unknown, Out> {
  /** The fields a 400's messages may name; the rest go to the alert. */
  fields: readonly Path<In>[];
  run: (values: Out) => Observable<R>;
  onDone: (result: R) => void;
  onRefused?: () => void;
}

/**
 * A react-hook-form form whose submit is an action (see `useFormAction`), with
 * what a FormDialog needs in `submitProps`: whether it changed, the action,
 * and the submit handler that validates first.
 */
export function useActionForm<In extends FieldValues, Out, R>({
  fields,
  run,
  onDone,
  onRefused,
  ...options
}: ActionFormOptions<In, Out, R>) {
  const form = useForm<In, unknown, Out>(options);
  const action = useFormAction(run, { fields, setError: form.setError }, onDone, onRefused);
  const { errors, isDirty } = form.formState;
  return { ...form, errors, action, submitProps: { dirty: isDirty, action, onSubmit: form.handleSubmit(action.submit) } };
}
