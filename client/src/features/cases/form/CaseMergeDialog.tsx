import type { CustomAttribute } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/dates.ts';
import { TextDiff } from '../versions/TextDiff.tsx';
import type { CaseMerge, MergeItem, MergeValues, Side, VersionAuthor } from './case-merge.ts';
import { mergeSubjectLabel } from './merge-labels.ts';
import '../versions/case-versions.css';

interface CaseMergeDialogProps {
  merge: CaseMerge;
  /** The version saved meanwhile, which the merged values are saved against. */
  currentVersion: number;
  attributes: readonly CustomAttribute[];
  saving: boolean;
  onSave(choices: Record<string, Side>): void;
  onCancel(): void;
}

function Author({ author }: { author: VersionAuthor | null }) {
  const { t, i18n } = useTranslation();
  if (!author) return null;
  const when = author.date ? formatDateTime(author.date, i18n.language) : '';
  return (
    <span className="case-merge__author">
      {t('caseForm.merge.changedBy', { user: author.username ?? t('caseVersions.nobody'), date: when, version: author.version })}
    </span>
  );
}

/** One side's value, as the other edit's changes are listed. */
function Value({ values, side }: { values: MergeValues; side: Side }) {
  const { t } = useTranslation();
  switch (values.type) {
    case 'text':
      return values[side] === '' ? (
        <span className="version-diff__empty">{t('caseVersions.empty')}</span>
      ) : (
        <span className="case-merge__text">{values[side]}</span>
      );
    case 'flag':
      return <span>{t(values[side] ? 'caseVersions.yes' : 'caseVersions.no')}</span>;
    case 'names':
      return <span>{values[side].length === 0 ? t('caseVersions.empty') : values[side].join(', ')}</span>;
    case 'step': {
      const step = values[side];
      return step ? (
        <span className="case-merge__text">{[step.name, step.scenario, step.expected].filter(Boolean).join('\n')}</span>
      ) : (
        <span className="version-diff__empty">{t('caseForm.merge.stepDeleted')}</span>
      );
    }
  }
}

/** Mine beside theirs: texts word by word, the rest as each side holds it. */
function Sides({ values }: { values: MergeValues }) {
  const { t } = useTranslation();
  const labels = [t('caseForm.merge.mine'), t('caseForm.merge.theirs')] as const;
  if (values.type === 'text') return <TextDiff older={values.mine} newer={values.theirs} labels={labels} />;
  if (values.type === 'step' && values.mine && values.theirs) {
    const text = (step: NonNullable<typeof values.mine>) => [step.name, step.scenario, step.expected].filter(Boolean).join('\n');
    return <TextDiff older={text(values.mine)} newer={text(values.theirs)} labels={labels} />;
  }
  return (
    <div className="version-diff__sides">
      {/* biome-ignore lint/a11y/useSemanticElements: a side of shown values, not form controls, like the text diff's <pre> sides */}
      <div role="group" aria-label={labels[0]} className="text-diff__side">
        <Value values={values} side="mine" />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a side of shown values, not form controls, like the text diff's <pre> sides */}
      <div role="group" aria-label={labels[1]} className="text-diff__side">
        <Value values={values} side="theirs" />
      </div>
    </div>
  );
}

/**
 * A save refused because someone saved the case meanwhile (409), and both
 * changed the same field: their changes beside mine, field by field, with who
 * made each and when. A field both changed differently asks, one by one or all
 * at once; what only they changed is taken and what both changed of a set is
 * merged, listed for the record. Saving saves the merge against their version.
 */
export function CaseMergeDialog({ merge, currentVersion, attributes, saving, onSave, onCancel }: CaseMergeDialogProps) {
  const { t } = useTranslation();
  const labelOf = (item: MergeItem) => mergeSubjectLabel(t, item, attributes);
  const conflicts = merge.items.filter((item) => item.outcome === 'conflict');
  const taken = merge.items.filter((item) => item.outcome !== 'conflict');
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const chooseAll = (side: Side) => setChoices(Object.fromEntries(conflicts.map((item) => [item.key, side])));
  const undecided = conflicts.filter((item) => !choices[item.key]).length;

  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={onCancel} />
      <Button
        type="button"
        label={t('caseForm.merge.save')}
        icon="pi pi-check"
        disabled={undecided > 0}
        loading={saving}
        onClick={() => onSave(choices)}
      />
    </>
  );
  return (
    <Dialog
      visible
      modal
      maximizable
      header={t('caseForm.merge.title')}
      footer={footer}
      onHide={onCancel}
      style={{ width: '980px' }}
      breakpoints={{ '1040px': '95vw' }}
    >
      <Message severity="warn" className="case-merge__intro" text={t('caseForm.merge.intro', { version: currentVersion })} />
      {conflicts.length > 0 && (
        <section className="case-merge__section" aria-label={t('caseForm.merge.conflicts')}>
          <header className="case-merge__section-head">
            <h3>{t('caseForm.merge.conflictsCount', { count: conflicts.length })}</h3>
            <Button type="button" label={t('caseForm.merge.keepAllMine')} size="small" outlined onClick={() => chooseAll('mine')} />
            <Button type="button" label={t('caseForm.merge.takeAllTheirs')} size="small" outlined onClick={() => chooseAll('theirs')} />
          </header>
          {conflicts.map((item) => (
            <fieldset key={item.key} className="case-merge__item">
              <legend>
                {labelOf(item)} <Author author={item.changedBy} />
              </legend>
              <Sides values={item.values} />
              <div className="case-merge__choice">
                {(['mine', 'theirs'] as const).map((side) => (
                  <span key={side}>
                    <RadioButton
                      inputId={`${item.key}-${side}`}
                      name={item.key}
                      value={side}
                      checked={choices[item.key] === side}
                      onChange={() => setChoices({ ...choices, [item.key]: side })}
                    />
                    <label htmlFor={`${item.key}-${side}`}>
                      {t(side === 'mine' ? 'caseForm.merge.keepMine' : 'caseForm.merge.takeTheirs')}
                    </label>
                  </span>
                ))}
              </div>
            </fieldset>
          ))}
        </section>
      )}
      {taken.length > 0 && (
        <section className="case-merge__section" aria-label={t('caseForm.merge.taken')}>
          <h3>{t('caseForm.merge.taken')}</h3>
          <ul className="case-merge__taken">
            {taken.map((item) => (
              <li key={item.key}>
                <strong>{labelOf(item)}</strong> <Author author={item.changedBy} />
                <div>{item.outcome === 'merged' ? t('caseForm.merge.mergedBoth') : <Value values={item.values} side="theirs" />}</div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Dialog>
  );
}
