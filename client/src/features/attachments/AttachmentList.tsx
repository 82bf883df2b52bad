import type { Attachment } from '@testament/contracts';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import './attachments.css';

/** Links to the files, each with its size; with `onRemove`, a button that takes it off; `emptyText` says there are none. */
export function AttachmentList({
  files,
  onRemove,
  emptyText,
}: {
  files: readonly Attachment[];
  onRemove?: (file: Attachment) => void;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  if (files.length === 0) return emptyText ? <p className="attachment-list__empty">{emptyText}</p> : null;
  return (
    <ul className="attachment-list">
      {files.map((file) => (
        <li key={file.id}>
          <i className="pi pi-file" aria-hidden />
          <a href={file.link} target="_blank" rel="noopener noreferrer">
            {file.filename}
          </a>
          <span className="attachment-list__size">{file.size_humanize}</span>
          {onRemove && (
            <Button
              type="button"
              icon="pi pi-times"
              text
              rounded
              size="small"
              severity="secondary"
              aria-label={t('attachments.remove', { name: file.filename })}
              onClick={() => onRemove(file)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
