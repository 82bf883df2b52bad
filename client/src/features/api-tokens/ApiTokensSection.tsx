import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { confirmRemoval } from '../../app/confirm-removal.ts';
import { ProjectTitle } from '../../entities/project/ProjectTitle.tsx';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { formatDate } from '../../i18n/dates.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { TokenKeyDialog } from './TokenKeyDialog.tsx';
import { apiTokenApi, type ApiToken } from './api-token.ts';
import './api-tokens.css';

/** The user's API tokens for scripts and CI: create, list, revoke (`Authorization: Token <key>`, §2.2). */
export function ApiTokensSection() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const tokens = useLiveQuery(user.id, (id) => changesOf(topics.apiTokens(id)), apiTokenApi.list).data;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiToken | null>(null);

  const revoke = (token: ApiToken) =>
    confirmRemoval(t, {
      header: t('tokens.revokeTitle'),
      message: t('tokens.revokeQuestion', { name: token.description || token.id }),
      acceptLabel: t('tokens.revoke'),
      remove: () => apiTokenApi.revoke(token.id),
      onRemoved: () => announceChange(topics.apiTokens(user.id)),
      doneMessage: t('tokens.revoked'),
    });

  const header = (
    <div className="card-title">
      <span>{t('tokens.title')}</span>
      <Button label={t('tokens.create')} icon="pi pi-plus" size="small" onClick={() => setCreating(true)} />
    </div>
  );
  return (
    <Card title={header} subTitle={t('tokens.hint')} className="api-tokens">
      <DataTable
        value={tokens ?? []}
        loading={tokens === null}
        dataKey="id"
        emptyMessage={t('tokens.empty')}
        pt={{ table: { 'aria-label': t('tokens.title') } }}
      >
        <Column
          header={t('tokens.description')}
          body={(token: ApiToken) => token.description || <span className="muted">{t('tokens.noDescription')}</span>}
        />
        <Column
          header={t('tokens.scopes')}
          body={(token: ApiToken) => token.scopes.map((scope) => t(`tokens.scope.${scope}`)).join(', ')}
        />
        <Column
          header={t('tokens.project')}
          body={(token: ApiToken) =>
            token.project === null ? <span className="muted">{t('tokens.everyProject')}</span> : <ProjectTitle projectId={token.project} />
          }
        />
        <Column header={t('tokens.created')} body={(token: ApiToken) => formatDate(token.created_at, i18n.language)} />
        <Column header={t('tokens.expires')} body={(token: ApiToken) => formatDate(token.expiration_date, i18n.language)} />
        <Column
          header={t('tokens.state')}
          body={(token: ApiToken) => (
            <Tag value={t(token.is_valid ? 'tokens.valid' : 'tokens.expired')} severity={token.is_valid ? 'success' : 'secondary'} />
          )}
        />
        <Column
          className="catalogue__actions"
          body={(token: ApiToken) => (
            <Button
              icon="pi pi-ban"
              text
              rounded
              severity="danger"
              aria-label={t('tokens.revokeNamed', { name: token.description || token.id })}
              onClick={() => revoke(token)}
            />
          )}
        />
      </DataTable>
      {creating && (
        <CreateTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {created && <TokenKeyDialog token={created} onClose={() => setCreated(null)} />}
    </Card>
  );
}
