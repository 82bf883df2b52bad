import type { DefaultValues, FieldValues } from 'react-hook-form';
import { notify } from '../../../app/toasts.ts';
import { useActionForm } from '../../../forms/use-form-action.ts';
import { updateTests, type TestsBulkOutcome } from '../../bulk-jobs/tests-bulk-api.ts';
import type { TestsBulkTarget, TestsChange } from '../../bulk-jobs/tests-bulk-target.ts';

/** What every bulk dialog of the tests list takes. */
export interface TestsBulkDialogProps {
  target: TestsBulkTarget;
  onClose(): void;
  /** After the change went through, or went on as a job in the background. */
  onDone(): void;
}

interface TestsBulkFormOptions<V extends FieldValues> {
  target: TestsBulkTarget;
  defaultValues: DefaultValues<V>;
  /** The one change the dialog's values make to every selected test. */
  change(values: V): TestsChange;
  /** The notice once the tests changed (tests-and-results §8). */
  doneMessage: string;
  onDone(): void;
}

/**
 * A bulk dialog's form: its values become one change of every selected test.
 * Every refusal (400, 403, 409 while another job runs) stays in the dialog's error block.
 */
export function useTestsBulkForm<V extends FieldValues>({ target, defaultValues, change, doneMessage, onDone }: TestsBulkFormOptions<V>) {
  return useActionForm<V, V, TestsBulkOutcome>({
    defaultValues,
    fields: [],
    run: (values) => updateTests(target, change(values)),
    onDone: (outcome) => {
      // `updateTests` has told the lists; a job in the background reports in the bulk jobs' panel.
      if (outcome.kind === 'done') notify({ severity: 'success', summary: doneMessage });
      onDone();
    },
  });
}
