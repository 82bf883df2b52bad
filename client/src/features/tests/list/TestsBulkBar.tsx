import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useOpenBulkDialog, useBulkActionWait } from '../../bulk-jobs/index.ts';
import { AddResultsWizard } from '../bulk/AddResultsWizard.tsx';
import type { TestsBulkTarget } from '../bulk/tests-bulk-target.ts';
import { AssignTestsDialog } from './AssignTestsDialog.tsx';
import { DeleteTestsDialog } from './DeleteTestsDialog.tsx';
import { MoveTestsDialog } from './MoveTestsDialog.tsx';
import type { TestsBulkDialogProps } from './use-tests-bulk-form.ts';

const ACTIONS = {
  assign: { icon: 'pi pi-user', Dialog: AssignTestsDialog },
  move: { icon: 'pi pi-arrow-right', Dialog: MoveTestsDialog },
  delete: { icon: 'pi pi-trash', Dialog: DeleteTestsDialog },
  results: { icon: 'pi pi-plus-circle', Dialog: AddResultsWizard },
} satisfies Record<string, { icon: string; Dialog: (props: TestsBulkDialogProps) => unknown }>;
type Action = keyof typeof ACTIONS;

interface TestsBulkBarProps {
  projectId: number;
  count: number;
  /** Null while the selection is still being worked out: the actions wait. */
  target: TestsBulkTarget | null;
  /** After a change went through, or when the user drops the selection. */
  onClear(): void;
}

/**
 * The bar above the tests while some are selected (tests-and-results §2 "Bulk
 * operation dialogs"): the count, Assign, Move, Delete, Add results. While a
 * job of the user's runs in the project the actions wait for it (§4.11: it would refuse them).
 */
export function TestsBulkBar({ projectId, count: selected, target, onClear }: TestsBulkBarProps) {
  const { t } = useTranslation();
  const wait = useBulkActionWait(projectId);
  const { open, show, close } = useOpenBulkDialog<Action, TestsBulkTarget>();
  const count = open?.target.count ?? selected;
  if (count === 0) return null;
  const Dialog = open && ACTIONS[open.action].Dialog;
  const done = () => {
    close();
    onClear();
  };
  return (
    <div className="list-view__bulk" role="toolbar" aria-label={t('testList.bulk.selected', { count })}>
      <span>{t('testList.bulk.selected', { count })}</span>
      {(Object.keys(ACTIONS) as Action[]).map((action) => (
        <Button
          key={action}
          label={t(`testList.bulk.${action}`)}
          icon={ACTIONS[action].icon}
          size="small"
          severity={action === 'delete' ? 'danger' : undefined}
          {...wait}
          disabled={wait.disabled || target === null}
          onClick={() => target && show(action, target)}
        />
      ))}
      <Button label={t('testList.bulk.unselect')} icon="pi pi-times" size="small" text onClick={onClear} />
      {Dialog && <Dialog target={open.target} onClose={close} onDone={done} />}
    </div>
  );
}
