import { userMessages, AVATAR_MIN_CROP } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { session } from '../../app/services.ts';
import { notify } from '../../app/toasts.ts';
import { useAction } from '../../app/use-action.ts';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { CircleCropper } from './CircleCropper.tsx';
import { cropFractions, defaultCrop, isTooSmall, type CropSquare, type PictureSize } from './crop.ts';
import { avatarApi } from './profile-api.ts';

/** Crop the chosen picture to a circle and upload it (§2 Profile); the outcome is a toast (§8). */
export function AvatarCropDialog({ file, onClose }: { file: File; onClose(): void }) {
  const { t } = useTranslation();
  const src = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  const [picture, setPicture] = useState<PictureSize | null>(null);
  const [crop, setCrop] = useState<CropSquare | null>(null);

  useEffect(() => {
    const image = new Image();
    image.onload = () => {
      const size = { width: image.naturalWidth, height: image.naturalHeight };
      setPicture(size);
      setCrop(defaultCrop(size));
    };
    image.src = src;
  }, [src]);

  const [upload, uploading] = useAction(
    (box: { crop: CropSquare; picture: PictureSize }) => avatarApi.upload(file, cropFractions(box.crop, box.picture)),
    (outcome) => {
      if (outcome.state === 'done') {
        notify({ severity: 'success', summary: t('server.user.avatarUpdated') });
        session.refreshUser();
        onClose();
        return;
      }
      const { error } = outcome;
      if (isApiError(error) && error.routed) return;
      // The first server message, then the pointer to the details (§8).
      const first = isApiError(error) ? (error.detail ?? Object.values(error.fieldErrors).flat()[0]) : undefined;
      console.error(error);
      notify({
        severity: 'error',
        summary: [first && translateServerMessage(t, first), t('profile.avatar.seeConsole')].filter(Boolean).join(' '),
      });
    },
  );

  const tooSmall = picture !== null && isTooSmall(picture);
  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={onClose} />
      <Button
        type="button"
        label={t('common.save')}
        icon="pi pi-check"
        disabled={!picture || !crop || tooSmall}
        loading={uploading.state === 'running'}
        onClick={() => picture && crop && upload({ crop, picture })}
      />
    </>
  );
  return (
    <Dialog
      visible
      modal
      header={t('profile.avatar.cropTitle')}
      footer={footer}
      onHide={onClose}
      style={{ width: '478px' }}
      breakpoints={{ '520px': '95vw' }}
    >
      <div className="avatar-crop">
        {!picture || !crop ? (
          <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
        ) : tooSmall ? (
          <Message severity="error" text={translateServerMessage(t, userMessages.avatarTooSmall(AVATAR_MIN_CROP))} />
        ) : (
          <>
            <CircleCropper src={src} picture={picture} crop={crop} onChange={setCrop} />
            <p className="avatar-crop__hint">{t('profile.avatar.cropHint')}</p>
          </>
        )}
      </div>
    </Dialog>
  );
}
