import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { announceChange, topics } from '../../../app/changes.ts';
import { notifyRefusal } from '../../../app/refusal.ts';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { useSignedInUser } from '../../../shell/use-signed-in-user.ts';
import { testDrawerApi, type Test } from './test-drawer-api.ts';

/** Who the test is assigned to, and Assign To Me when it is someone else or nobody and the test may change (§6). */
export function TestAssignee({ projectId, test, readOnly }: { projectId: number; test: Test; readOnly: boolean }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const [assignToMe, state] = useAction(
    () => testDrawerApi.assign(test.id, me.id),
    (outcome) => {
      if (outcome.state === 'failed') return notifyRefusal(t, outcome.error);
      announceChange(topics.plans(projectId));
      notify({ severity: 'success', summary: t('testDrawer.assigned') });
    },
  );
  const name = test.assignee_username;
  return (
    <section className="test-assignee" aria-label={t('testDrawer.assignee')}>
      <h3>{t('testDrawer.assignee')}</h3>
      {name ? (
        <span className="test-assignee__user">
          <Avatar
            image={test.avatar_link || undefined}
            label={test.avatar_link ? undefined : name.slice(0, 1).toUpperCase()}
            shape="circle"
            aria-hidden
          />
          <span className="test-assignee__name">{name}</span>
        </span>
      ) : (
        <span className="test-assignee__none">{t('testDrawer.unassigned')}</span>
      )}
      {test.assignee !== me.id && !readOnly && (
        <Button
          label={t('testDrawer.assignToMe')}
          icon="pi pi-user"
          size="small"
          text
          loading={state.state === 'running'}
          onClick={() => assignToMe(undefined)}
        />
      )}
    </section>
  );
}
