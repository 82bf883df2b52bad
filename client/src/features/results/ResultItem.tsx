import { Avatar } from 'primereact/avatar';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/Markdown.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { AttachmentList } from '../attachments/index.ts';
import { AttributeValues } from '../custom-attributes/index.ts';
import type { Result } from './result-api.ts';
import { StatusTag } from '../../entities/status/StatusTag.tsx';
import './results.css';

interface ResultItemProps {
  result: Result;
  /** Named by the address (`#result-N`): scrolled to and marked. */
  highlighted: boolean;
  /** Edit and clone, as the drawer allows them. */
  actions: ReactNode;
}

/** One result in the test's thread: status, who and when, on which case version, the comment, the steps, attributes and files (§3). */
export function ResultItem({ result, highlighted, actions }: ResultItemProps) {
  const { t, i18n } = useTranslation();
  const steps = [...result.steps_results].sort((a, b) => a.sort_order - b.sort_order);
  return (
    <article
      id={`result-${result.id}`}
      className={`result-item${highlighted ? ' is-highlighted' : ''}`}
      aria-label={t('results.item', { id: result.id })}
    >
      <header className="result-item__header">
        <StatusTag name={result.status_text} color={result.status_color} />
        <Avatar
          image={result.avatar_link || undefined}
          label={result.avatar_link ? undefined : result.user_full_name.slice(0, 1).toUpperCase()}
          shape="circle"
          size="normal"
        />
        <strong>{result.user_full_name}</strong>
        <time dateTime={result.created_at}>{formatDateTime(result.created_at, i18n.language)}</time>
        <span className="result-item__version">{t('results.caseVersion', { version: result.test_case_version })}</span>
        {result.is_archive && <Tag value={t('results.archivedTag')} severity="secondary" />}
        <span className="result-item__actions">{actions}</span>
      </header>
      {result.comment.trim() !== '' && <Markdown text={result.comment} />}
      {steps.length > 0 && (
        <ol className="result-item__steps" aria-label={t('results.stepResults')}>
          {steps.map((step) => (
            <li key={step.id}>
              <span>{step.name}</span>
              <StatusTag name={step.status_text} color={step.status_color} />
            </li>
          ))}
        </ol>
      )}
      <AttributeValues values={result.attributes} />
      <AttachmentList files={result.attachments} />
    </article>
  );
}
