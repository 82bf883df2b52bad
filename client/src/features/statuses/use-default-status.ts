import { useTranslation } from 'react-i18next';
import { map } from 'rxjs';
import { notify } from '../../app/toasts.ts';
import { useAction } from '../../app/use-action.ts';
import type { Project } from '../../entities/project/project.ts';
import { projectApi } from '../../entities/project/project-api.ts';
import { announceProjectChange } from '../../entities/project/project-changes.ts';
import type { Status } from '../../entities/status/status.ts';

interface DefaultChoice {
  status: Status;
  isDefault: boolean;
}

/** Makes a status the project's default, or clears it: one at most (§4), each outcome a toast (§8). */
export function useDefaultStatus(project: Project): { choose(choice: DefaultChoice): void; saving: boolean } {
  const { t } = useTranslation();
  const [choose, state] = useAction(
    (choice: DefaultChoice) =>
      projectApi.patch(project.id, { settings: { default_status: choice.isDefault ? choice.status.id : null } }).pipe(map(() => choice)),
    (outcome) => {
      if (outcome.state === 'failed') {
        notify({ severity: 'error', summary: t('catalogue.status.defaultFailed') });
        return;
      }
      announceProjectChange(project.id);
      const { status, isDefault } = outcome.result;
      notify({
        severity: 'success',
        summary: isDefault ? t('catalogue.status.defaultUpdated', { name: status.name }) : t('catalogue.status.defaultRemoved'),
      });
    },
  );
  return { choose, saving: state.state === 'running' };
}
