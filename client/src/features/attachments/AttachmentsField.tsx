import type { Attachment } from '@testament/contracts';
import { FileUpload } from 'primereact/fileupload';
import { useTranslation } from 'react-i18next';
import { notifyRefusal } from '../../app/refusal.ts';
import { useAction } from '../../app/use-action.ts';
import { uploadAttachments } from './attachment-api.ts';
import { AttachmentList } from './AttachmentList.tsx';

/** A form's files: uploaded at once and unbound; the owner names them by id when it is saved (§3.12). */
export function AttachmentsField({
  projectId,
  value,
  onChange,
}: {
  projectId: number;
  value: Attachment[];
  onChange(files: Attachment[]): void;
}) {
  const { t } = useTranslation();
  const [upload, state] = useAction(
    (files: File[]) => uploadAttachments(projectId, files),
    (outcome) => (outcome.state === 'done' ? onChange([...value, ...outcome.result]) : notifyRefusal(t, outcome.error)),
  );
  return (
    <div className="attachments-field">
      <FileUpload
        name="file"
        mode="basic"
        multiple
        auto
        customUpload
        chooseLabel={t('attachments.choose')}
        chooseOptions={{ icon: 'pi pi-paperclip', className: 'p-button-outlined' }}
        disabled={state.state === 'running'}
        uploadHandler={(event) => {
          upload(event.files);
          event.options.clear();
        }}
      />
      <AttachmentList files={value} onRemove={(file) => onChange(value.filter((kept) => kept.id !== file.id))} />
    </div>
  );
}
