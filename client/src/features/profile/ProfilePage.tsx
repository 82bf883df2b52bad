import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { ApiTokensSection } from '../api-tokens/index.ts';
import { ChangePasswordDialog } from '../password/index.ts';
import { AvatarPicker } from './AvatarPicker.tsx';
import { ProfileDialog } from './ProfileDialog.tsx';
import './profile.css';

const DETAILS = ['username', 'email', 'first_name', 'last_name'] as const;

/** /profile: general details, the avatar, the password and the user's API tokens (§2 Profile). */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [open, setOpen] = useState<'edit' | 'password' | null>(null);
  return (
    <section className="profile-page">
      <header className="page-header">
        <h1>{t('profile.title')}</h1>
      </header>
      <div className="profile-page__grid">
        <Card title={t('profile.details')} className="profile-details">
          <AvatarPicker user={user} />
          <dl className="details-list">
            {DETAILS.map((field) => (
              <div key={field} className="details-list__row">
                <dt>{t(`users.fields.${field}`)}</dt>
                <dd>{user[field] || '—'}</dd>
              </div>
            ))}
          </dl>
          <div className="profile-details__actions">
            <Button label={t('profile.edit')} icon="pi pi-pencil" outlined onClick={() => setOpen('edit')} />
            <Button label={t('password.title')} icon="pi pi-key" outlined onClick={() => setOpen('password')} />
          </div>
        </Card>
        <ApiTokensSection />
      </div>
      {open === 'edit' && <ProfileDialog user={user} onClose={() => setOpen(null)} />}
      {open === 'password' && <ChangePasswordDialog onClose={() => setOpen(null)} />}
    </section>
  );
}
