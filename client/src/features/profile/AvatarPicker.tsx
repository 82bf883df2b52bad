import { messages } from '@testament/contracts';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../app/services.ts';
import { notifyRefusal } from '../../app/refusal.ts';
import { notify } from '../../app/toasts.ts';
import { ImageChooseButton } from '../../forms/ImageChooseButton.tsx';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { displayName, type User } from '../../session/user.ts';
import { AvatarCropDialog } from './AvatarCropDialog.tsx';
import { isPngOrJpeg } from './picture-file.ts';
import { avatarApi } from './profile-api.ts';

/** The avatar at 180 px (§9), with the choice of a new png or jpeg to crop, and its removal. */
export function AvatarPicker({ user }: { user: User }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (await isPngOrJpeg(chosen)) {
      setRefused(null);
      setFile(chosen);
    } else setRefused(translateServerMessage(t, messages.notAnImage(chosen.name)));
  };
  const remove = () =>
    avatarApi.remove().subscribe({
      next: () => {
        notify({ severity: 'success', summary: t('server.user.avatarRemoved') });
        session.refreshUser();
      },
      error: (error: unknown) => notifyRefusal(t, error),
    });

  return (
    <div className="avatar-picker">
      {user.avatar_link ? (
        <Avatar
          image={user.avatar_link}
          shape="circle"
          className="avatar-picker__image"
          imageAlt={t('profile.avatar.alt', { name: displayName(user) })}
        />
      ) : (
        <Avatar
          label={displayName(user).charAt(0).toUpperCase()}
          shape="circle"
          className="avatar-picker__image avatar-picker__image--initial"
        />
      )}
      <div className="avatar-picker__actions">
        <ImageChooseButton label={t('profile.avatar.choose')} onChoose={(chosen) => void choose(chosen)} />
        {user.avatar_link && <Button label={t('profile.avatar.remove')} icon="pi pi-trash" text severity="danger" onClick={remove} />}
        {refused && (
          <small className="p-error" role="alert">
            {refused}
          </small>
        )}
      </div>
      {file && <AvatarCropDialog file={file} onClose={() => setFile(null)} />}
    </div>
  );
}
