import { Avatar } from 'primereact/avatar';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageChooseButton } from '../../forms/ImageChooseButton.tsx';
import { projectInitials } from '../../entities/project/project.ts';

interface IconPickerProps {
  id: string;
  file: File | null;
  currentIcon: string;
  projectName: string;
  onChange(file: File | null): void;
}

/** The project's icon: what it is now or the chosen file, and the button to choose another. */
export function IconPicker({ id, file, currentIcon, projectName, onChange }: IconPickerProps) {
  const { t } = useTranslation();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const image = preview ?? currentIcon;

  return (
    <div className="icon-picker">
      {image ? (
        <Avatar image={image} size="xlarge" shape="square" imageAlt="" />
      ) : (
        <Avatar label={projectInitials(projectName) || '?'} size="xlarge" shape="square" />
      )}
      <div className="icon-picker__actions">
        <ImageChooseButton id={id} label={t('projects.form.chooseIcon')} onChoose={(file) => onChange(file ?? null)} />
        {file && <span className="icon-picker__name">{file.name}</span>}
      </div>
    </div>
  );
}
