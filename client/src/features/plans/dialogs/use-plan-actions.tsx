import type { MenuItem } from 'primereact/menuitem';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { currentUrl } from '../../../shared/tree/suite-paths.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';
import { announcePlansChange, gonePlans, planApi, type Plan, type PlanRef } from '../../../entities/plan/plan-api.ts';
import { planPaths } from '../../../entities/plan/plan-paths.ts';
import { ReportImportDialog } from '../../report-import/index.ts';
import { PlanCopyDialog } from './PlanCopyDialog.tsx';
import { PlanPreviewDialog, type PlanPreviewAction } from './PlanPreviewDialog.tsx';

/** A plan as its actions take it: the tree's and the page's plans alike carry their parent. */
export type ActedPlan = PlanRef & Pick<Plan, 'parent'>;

export interface PlanActions {
  /** The right-click menu (§2 Tree bar): Edit and Archive hidden for an archived plan. */
  menuFor(plan: ActedPlan): MenuItem[];
  /** The plan page's buttons (§4): Edit disabled and Restore in place of Archive for an archived plan. */
  buttonsFor(plan: ActedPlan): MenuItem[];
  /** The open dialog, to render where it outlives a page change. */
  dialog: ReactNode;
  /** A plan being deleted here: its page shows nothing more of it (its tests would answer 404). */
  isLeaving(planId: number): boolean;
}

/** The workspace's one set of actions, shared by the tree and the plan page. */
export const PlanActionsContext = createContext<PlanActions | null>(null);

export function usePlanWorkspaceActions(): PlanActions {
  const actions = useContext(PlanActionsContext);
  if (!actions) throw new Error('plan actions outside the plans workspace');
  return actions;
}

type OpenDialog = { kind: 'copy' | 'importResults'; plan: ActedPlan } | { kind: PlanPreviewAction; plan: ActedPlan } | null;

/**
 * A plan's actions, in the tree's right-click menu and on the plan's page: Create child plan, Copy, Copy link,
 * Edit, Import test results, Archive (or Restore), Delete, View activity; and the dialogs they open.
 * `selectedPath` is the selected plan with its ancestors: deleting one of them leaves for the project's root.
 */
export function usePlanActions(projectId: number, selectedPath: readonly number[]): PlanActions {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keepSearch = useKeptTreeSearch();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [leavingIds, setLeavingIds] = useState<readonly number[]>([]);
  const close = () => setOpen(null);
  const [restore] = useAction(
    (plan: ActedPlan) => planApi.restore(plan.id),
    (outcome) => {
      if (outcome.state !== 'done') return; // The data layer has reported the failure.
      announcePlansChange(projectId);
      notify({ severity: 'success', summary: t('plans.restore.done') });
    },
  );
  const copyLink = (plan: ActedPlan) => {
    const link = new URL(planPaths.plan(projectId, plan.id), window.location.origin).href;
    void navigator.clipboard.writeText(link).then(() => notify({ severity: 'success', summary: t('plans.actions.linkCopied') }));
  };
  const common = (plan: ActedPlan) => ({
    createChild: {
      label: t('plans.actions.createChild'),
      icon: 'pi pi-plus',
      command: () => void navigate(keepSearch(planPaths.create(projectId, plan.id, currentUrl()))),
    },
    copy: { label: t('plans.actions.copy'), icon: 'pi pi-copy', command: () => setOpen({ kind: 'copy', plan }) },
    copyLink: { label: t('plans.actions.copyLink'), icon: 'pi pi-link', command: () => copyLink(plan) },
    edit: {
      label: t('plans.actions.edit'),
      icon: 'pi pi-pencil',
      disabled: plan.is_archive,
      command: () => void navigate(keepSearch(planPaths.edit(projectId, plan.id, currentUrl()))),
    },
    // An archived plan takes no results, so it takes no report either.
    importResults: {
      label: t('reportImport.action'),
      icon: 'pi pi-upload',
      disabled: plan.is_archive,
      command: () => setOpen({ kind: 'importResults', plan }),
    },
    archive: { label: t('plans.actions.archive'), icon: 'pi pi-box', command: () => setOpen({ kind: 'archive', plan }) },
    remove: { label: t('plans.actions.delete'), icon: 'pi pi-trash', command: () => setOpen({ kind: 'delete', plan }) },
    viewActivity: {
      label: t('plans.actions.viewActivity'),
      icon: 'pi pi-history',
      command: () => void navigate(keepSearch(planPaths.activity(projectId, plan.id))),
    },
  });
  const menuFor = (plan: ActedPlan): MenuItem[] => {
    const items = common(plan);
    return [
      items.createChild,
      items.copy,
      items.copyLink,
      ...(plan.is_archive ? [] : [items.edit, items.importResults, items.archive]),
      items.remove,
      items.viewActivity,
    ];
  };
  const buttonsFor = (plan: ActedPlan): MenuItem[] => {
    const items = common(plan);
    const restoreItem = { label: t('plans.actions.restore'), icon: 'pi pi-replay', command: () => restore(plan) };
    const archiveOrRestore = plan.is_archive ? restoreItem : items.archive;
    // On the page the import is its icon alone: with its label the row of buttons took two lines.
    const importResults = { ...items.importResults, data: { iconOnly: true } };
    return [items.createChild, items.edit, items.copy, importResults, archiveOrRestore, items.remove, items.viewActivity];
  };

  let dialog: ReactNode = null;
  if (open?.kind === 'copy')
    dialog = <PlanCopyDialog projectId={projectId} plan={open.plan} parentId={open.plan.parent?.id ?? null} onClose={close} />;
  else if (open?.kind === 'importResults') dialog = <ReportImportDialog projectId={projectId} plan={open.plan} onClose={close} />;
  else if (open) {
    // Deleting the selected plan or one above it leaves for the project's root; the plans on the way stop being asked for.
    const leaving =
      open.kind === 'delete' && selectedPath.includes(open.plan.id) ? selectedPath.slice(selectedPath.indexOf(open.plan.id)) : [];
    dialog = (
      <PlanPreviewDialog
        action={open.kind}
        plan={open.plan}
        onStart={() => {
          gonePlans.add(leaving);
          // The page lets go of the plan before the delete is sent, not after the next route loads.
          flushSync(() => setLeavingIds(leaving));
          if (leaving.length > 0) void navigate(keepSearch(planPaths.root(projectId)));
        }}
        onFailed={() => {
          gonePlans.remove(leaving);
          setLeavingIds([]);
        }}
        onDone={() => announcePlansChange(projectId)}
        onClose={close}
      />
    );
  }
  return { menuFor, buttonsFor, dialog, isLeaving: (planId) => leavingIds.includes(planId) };
}
