import type { MenuItem } from 'primereact/menuitem';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../app/toasts.ts';
import type { SuiteRef } from '../../../entities/suite/suite-api.ts';
import { currentUrl, suitePaths } from '../../../shared/tree/suite-paths.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';
import { SuiteCopyDialog } from './SuiteCopyDialog.tsx';
import { SuiteDeleteDialog } from './SuiteDeleteDialog.tsx';

export interface SuiteActions {
  itemsFor(suite: SuiteRef): MenuItem[];
  /** The open dialog, to render where it outlives a page change. */
  dialog: ReactNode;
}

/** The workspace's one set of actions, shared by the tree and the suite page. */
export const SuiteActionsContext = createContext<SuiteActions | null>(null);

export function useWorkspaceActions(): SuiteActions {
  const actions = useContext(SuiteActionsContext);
  if (!actions) throw new Error('suite actions outside the suites workspace');
  return actions;
}

type OpenDialog = { kind: 'copy' | 'delete'; suite: SuiteRef } | null;

/**
 * A suite's actions, alike in the tree's right-click menu and on the suite's page (§2 Tree bar):
 * Create child suite, Copy, Copy link, Edit, Delete, Create Test Case; and the dialogs they open.
 */
export function useSuiteActions(projectId: number, selectedPath: readonly number[]): SuiteActions {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keepSearch = useKeptTreeSearch();
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  const copyLink = (suite: SuiteRef) => {
    const link = new URL(suitePaths.suite(projectId, suite.id), window.location.origin).href;
    void navigator.clipboard.writeText(link).then(() => notify({ severity: 'success', summary: t('suites.actions.linkCopied') }));
  };
  const itemsFor = (suite: SuiteRef): MenuItem[] => [
    {
      label: t('suites.actions.createChild'),
      icon: 'pi pi-plus',
      command: () => void navigate(keepSearch(suitePaths.create(projectId, suite.id, currentUrl()))),
    },
    { label: t('suites.actions.copy'), icon: 'pi pi-copy', command: () => setOpen({ kind: 'copy', suite }) },
    { label: t('suites.actions.copyLink'), icon: 'pi pi-link', command: () => copyLink(suite) },
    {
      label: t('suites.actions.edit'),
      icon: 'pi pi-pencil',
      command: () => void navigate(keepSearch(suitePaths.edit(projectId, suite.id, currentUrl()))),
    },
    { label: t('suites.actions.delete'), icon: 'pi pi-trash', command: () => setOpen({ kind: 'delete', suite }) },
    {
      label: t('suites.actions.createCase'),
      icon: 'pi pi-file-plus',
      command: () => void navigate(keepSearch(suitePaths.createCase(projectId, suite.id))),
    },
  ];
  let dialog: ReactNode = null;
  if (open?.kind === 'copy') dialog = <SuiteCopyDialog projectId={projectId} suite={open.suite} onClose={close} />;
  else if (open?.kind === 'delete') {
    const deleted = open.suite;
    dialog = <SuiteDeleteDialog projectId={projectId} suite={deleted} selectedPath={selectedPath} onClose={close} />;
  }
  return { itemsFor, dialog };
}
