import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useBulkForm } from '../../bulk-jobs/index.ts';
import { updateTests } from '../bulk/tests-bulk-api.ts';
import type { TestsBulkTarget, TestsChange } from '../bulk/tests-bulk-target.ts';

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

/** A bulk dialog's form: its values become one change of every selected test. */
export function useTestsBulkForm<V extends FieldValues>({ target, change, ...options }: TestsBulkFormOptions<V>) {
  return useBulkForm<V>({ ...options, send: (values) => updateTests(target, change(values)) });
}
