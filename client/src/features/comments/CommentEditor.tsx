import type { Attachment } from '@testament/contracts';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { notifyRefusal } from '../../app/refusal.ts';
import { useAction } from '../../app/use-action.ts';
import { AttachmentsField } from '../attachments/index.ts';
import type { CommentBody } from './comment-api.ts';

interface CommentEditorProps {
  projectId: number;
  /** An edit starts from the comment; a new comment from nothing. */
  initial?: { content: string; attachments: Attachment[] };
  submitLabel: string;
  /** A new comment needs text or a file; an edited one needs text (§5). */
  needsText: boolean;
  send(body: CommentBody): Observable<unknown>;
  onSent(): void;
  onCancel?: () => void;
}

/** The text and files of a comment, and its submit; a refusal keeps what was typed. */
export function CommentEditor({ projectId, initial, submitLabel, needsText, send, onSent, onCancel }: CommentEditorProps) {
  const { t } = useTranslation();
  const [content, setContent] = useState(initial?.content ?? '');
  const [files, setFiles] = useState<Attachment[]>(initial?.attachments ?? []);
  const [submit, state] = useAction(send, (outcome) => {
    if (outcome.state === 'failed') return notifyRefusal(t, outcome.error);
    setContent('');
    setFiles([]);
    onSent();
  });
  const empty = content.trim() === '' && (needsText || files.length === 0);
  return (
    <div className="comment-editor">
      <InputTextarea
        value={content}
        rows={3}
        autoResize
        aria-label={t('comments.text')}
        placeholder={t('comments.placeholder')}
        onChange={(event) => setContent(event.target.value)}
      />
      <AttachmentsField projectId={projectId} value={files} onChange={setFiles} />
      <div className="comment-editor__actions">
        {onCancel && <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={onCancel} />}
        <Button
          type="button"
          label={submitLabel}
          disabled={empty}
          loading={state.state === 'running'}
          onClick={() => submit({ content, attachments: files.map((file) => file.id) })}
        />
      </div>
    </div>
  );
}
