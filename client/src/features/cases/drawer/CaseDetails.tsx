import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown.tsx';
import { AttachmentList } from '../../attachments/index.ts';
import { AttributeValues } from '../../custom-attributes/index.ts';
import type { CaseDetail } from '../form/case-api.ts';

/** Labels shown before the rest is cut to '...' (§9). */
const SHOWN_LABELS = 3;

function Detail({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="case-detail">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function MarkdownDetail({ title, text }: { title: string; text: string }) {
  return text.trim() === '' ? null : (
    <Detail title={title}>
      <Markdown text={text} />
    </Detail>
  );
}

/**
 * What the case says, at the version shown (tests-and-results §2 Case drawer);
 * `children` come right after the labels (the test drawer's assignee).
 */
export function CaseDetails({ shown, children }: { shown: CaseDetail; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="case-details">
      {shown.labels.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a group of tags, not form controls; a fieldset's frame would change the row
        <div className="case-details__labels" role="group" aria-label={t('caseDrawer.labels')}>
          {shown.labels.slice(0, SHOWN_LABELS).map((label) => (
            <Tag key={label.id} value={label.name} className="label-tag" />
          ))}
          {shown.labels.length > SHOWN_LABELS && (
            <span
              title={shown.labels
                .slice(SHOWN_LABELS)
                .map((label) => label.name)
                .join(', ')}
            >
              ...
            </span>
          )}
        </div>
      )}
      {children}
      <MarkdownDetail title={t('caseForm.fields.description')} text={shown.description} />
      <MarkdownDetail title={t('caseForm.fields.setup')} text={shown.setup} />
      {shown.is_steps ? (
        <Detail title={t('caseForm.steps.title')}>
          <ol className="case-details__steps">
            {shown.steps.map((step) => (
              <li key={step.id}>
                <strong>{step.name}</strong>
                <Markdown text={step.scenario} />
                {step.expected.trim() !== '' && (
                  <div className="case-details__expected">
                    <span className="case-details__caption">{t('caseForm.fields.expected')}</span>
                    <Markdown text={step.expected} />
                  </div>
                )}
                <AttachmentList files={step.attachments} />
              </li>
            ))}
          </ol>
        </Detail>
      ) : (
        <>
          <MarkdownDetail title={t('caseForm.fields.scenario')} text={shown.scenario} />
          <MarkdownDetail title={t('caseForm.fields.expected')} text={shown.expected} />
        </>
      )}
      <MarkdownDetail title={t('caseForm.fields.teardown')} text={shown.teardown} />
      {shown.estimate && (
        <Detail title={t('caseForm.fields.estimate')}>
          <p>{shown.estimate}</p>
        </Detail>
      )}
      {Object.keys(shown.attributes).length > 0 && (
        <Detail title={t('caseForm.fields.attributes')}>
          <AttributeValues values={shown.attributes} />
        </Detail>
      )}
      {shown.attachments.length > 0 && (
        <Detail title={t('caseForm.tabs.attachments')}>
          <AttachmentList files={shown.attachments} />
        </Detail>
      )}
    </div>
  );
}
