import { useState, type ReactNode } from 'react';
import { ProjectFormDialog } from './ProjectFormDialog.tsx';
import { ProjectPreviewDialog } from './ProjectPreviewDialog.tsx';
import { RequestAccessDialog } from './RequestAccessDialog.tsx';
import type { Project } from '../../entities/project/project.ts';

export type ProjectDialogKind = 'create' | 'edit' | 'archive' | 'delete' | 'request-access';
type OpenDialog = { kind: ProjectDialogKind; project?: Project } | null;

/** One place that opens a project's dialogs, so a card, a table row and the project header behave alike. */
export function useProjectDialogs(options: { onDeleted?(): void } = {}): {
  open(kind: ProjectDialogKind, project?: Project): void;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  let dialog: ReactNode = null;
  if (open?.kind === 'create') dialog = <ProjectFormDialog onClose={close} />;
  else if (open?.project) {
    const { project } = open;
    if (open.kind === 'edit') dialog = <ProjectFormDialog key={project.id} project={project} onClose={close} />;
    else if (open.kind === 'request-access') dialog = <RequestAccessDialog project={project} onClose={close} />;
    else
      dialog = (
        <ProjectPreviewDialog
          action={open.kind}
          project={project}
          onClose={close}
          {...(open.kind === 'delete' && options.onDeleted ? { onDone: options.onDeleted } : {})}
        />
      );
  }
  return { open: (kind, project) => setOpen({ kind, ...(project ? { project } : {}) }), dialog };
}
