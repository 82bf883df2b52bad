import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { Observable } from 'rxjs';
import { notify } from '../../app/toasts.ts';
import { useActionForm } from '../../forms/use-form-action.ts';
import type { BulkOutcome } from './bulk-update.ts';

interface BulkFormOptions<V extends FieldValues> {
  defaultValues: DefaultValues<V>;
  /** The fields a 400's messages may name; the rest go to the dialog's error block. */
  fields?: readonly Path<V>[];
  /** The dialog's values sent as one change of every selected item. */
  send(values: V): Observable<BulkOutcome<unknown>>;
  /** The notice once the items changed (§8). */
  doneMessage: string;
  /** After the change went through, or went on as a job in the background. */
  onDone(): void;
}

/**
 * A bulk dialog's form, for tests and cases alike. Every refusal (400, 403,
 * 409 while another job runs) stays in the dialog; a job in the background
 * reports in the bulk jobs' panel, so only a change done at once is toasted.
 */
export function useBulkForm<V extends FieldValues>({ defaultValues, fields = [], send, doneMessage, onDone }: BulkFormOptions<V>) {
  return useActionForm<V, V, BulkOutcome<unknown>>({
    defaultValues,
    fields,
    run: send,
    onDone: (outcome) => {
      if (outcome.kind === 'done') notify({ severity: 'success', summary: doneMessage });
      onDone();
    },
  });
}
