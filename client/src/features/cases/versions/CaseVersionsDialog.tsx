import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Panel } from 'primereact/panel';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import type { TFunction } from 'i18next';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { forkJoin } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { keyedTexts } from '../../../components/keyed-texts.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { caseApi, type CaseHistoryRow } from '../form/case-api.ts';
import { CASE_FIELD_LABELS } from './field-labels.ts';
import { TextDiff } from './TextDiff.tsx';
import { compareVersions, LONG_TEXT_FIELDS, type FieldDiff, type StepDiff } from './version-diff.ts';
import './case-versions.css';

/** Versions named in a comparison: `older` is shown on the left. */
export interface VersionPair {
  older: number;
  newer: number;
}

interface CaseVersionsDialogProps {
  projectId: number;
  caseId: number;
  /** The case's versions, newest first (the first is the current one). */
  versions: readonly number[];
  initial: VersionPair;
  onClose(): void;
}

/** Whether a field has anything to show in either version: an unchanged empty one is left out. */
function holdsSomething(diff: FieldDiff): boolean {
  switch (diff.kind) {
    case 'text':
      return diff.older !== '' || diff.newer !== '';
    case 'flag':
      return true;
    case 'names':
    case 'files':
      return diff.added.length + diff.removed.length + diff.kept.length > 0;
    case 'attributes':
      return diff.entries.length > 0;
    case 'steps':
      return diff.steps.length > 0;
  }
}

/** Items of a set on one side: those both have, and those only this side has, marked. */
function NameList({ kept, only, onlyClass }: { kept: readonly string[]; only: readonly string[]; onlyClass: string }) {
  const { t } = useTranslation();
  if (kept.length + only.length === 0) return <p className="version-diff__values version-diff__empty">{t('caseVersions.empty')}</p>;
  return (
    <ul className="version-diff__values">
      {keyedTexts(only).map(({ text, key }) => (
        <li key={`only-${key}`} className={onlyClass}>
          {text}
        </li>
      ))}
      {keyedTexts(kept).map(({ text, key }) => (
        <li key={`kept-${key}`}>{text}</li>
      ))}
    </ul>
  );
}

function Sides({ older, newer }: { older: ReactNode; newer: ReactNode }) {
  return (
    <div className="version-diff__sides">
      <div>{older}</div>
      <div>{newer}</div>
    </div>
  );
}

const textOf = (t: TFunction, text: string) => (text === '' ? t('caseVersions.empty') : text);

function StepChange({ step, number, sides }: { step: StepDiff; number: number; sides: readonly [string, string] }) {
  const { t } = useTranslation();
  const name = step.newer?.name ?? step.older?.name ?? '';
  const [older, newer] = [step.older, step.newer];
  return (
    <li className="version-diff__step">
      <h4>
        {t('caseVersions.stepTitle', { number, name })}
        {step.change !== 'same' && (
          <Tag
            value={t(`caseVersions.change.${step.change}`)}
            severity={step.change === 'removed' ? 'danger' : step.change === 'added' ? 'success' : 'info'}
          />
        )}
      </h4>
      {step.change !== 'same' && step.change !== 'moved' && (
        <>
          {(step.change !== 'changed' || step.fields.includes('name')) && (
            <TextDiff older={older?.name ?? ''} newer={newer?.name ?? ''} labels={sides} />
          )}
          {(step.change !== 'changed' || step.fields.includes('scenario')) && (
            <TextDiff older={older?.scenario ?? ''} newer={newer?.scenario ?? ''} labels={sides} />
          )}
          {(step.change !== 'changed' || step.fields.includes('expected')) && Boolean(older?.expected || newer?.expected) && (
            <TextDiff older={older?.expected ?? ''} newer={newer?.expected ?? ''} labels={sides} />
          )}
          {step.fields.includes('attachments') && (
            <Sides
              older={<NameList kept={[]} only={(older?.attachments ?? []).map((file) => file.filename)} onlyClass="" />}
              newer={<NameList kept={[]} only={(newer?.attachments ?? []).map((file) => file.filename)} onlyClass="" />}
            />
          )}
        </>
      )}
    </li>
  );
}

/** A field both versions hold alike, shown once. */
function SameValue({ diff }: { diff: FieldDiff }) {
  const { t } = useTranslation();
  switch (diff.kind) {
    case 'text':
      return LONG_TEXT_FIELDS.has(diff.field) ? (
        <pre className="text-diff__side">{diff.newer}</pre>
      ) : (
        <p className="version-diff__values">{textOf(t, diff.newer)}</p>
      );
    case 'flag':
      return <p className="version-diff__values">{t(diff.newer ? 'caseVersions.yes' : 'caseVersions.no')}</p>;
    case 'names':
      return <NameList kept={diff.kept} only={[]} onlyClass="" />;
    case 'files':
      return <NameList kept={diff.kept.map((file) => file.filename)} only={[]} onlyClass="" />;
    case 'attributes':
      return <NameList kept={diff.entries.map((entry) => `${entry.name}: ${entry.newer ?? ''}`)} only={[]} onlyClass="" />;
    case 'steps':
      return (
        <NameList
          kept={diff.steps.map((step, index) => t('caseVersions.stepTitle', { number: index + 1, name: step.newer?.name ?? '' }))}
          only={[]}
          onlyClass=""
        />
      );
  }
}

/** One field's two versions: text word by word, sets with what each alone has, steps one by one. */
function FieldValues({ diff, sides }: { diff: FieldDiff; sides: readonly [string, string] }) {
  const { t } = useTranslation();
  if (!diff.changed) return <SameValue diff={diff} />;
  switch (diff.kind) {
    case 'text':
      return <TextDiff older={diff.older} newer={diff.newer} labels={sides} />;
    case 'flag': {
      const said = (value: boolean) => <p className="version-diff__values">{t(value ? 'caseVersions.yes' : 'caseVersions.no')}</p>;
      return <Sides older={said(diff.older)} newer={said(diff.newer)} />;
    }
    case 'names':
      return (
        <Sides
          older={<NameList kept={diff.kept} only={diff.removed} onlyClass="version-diff__removed" />}
          newer={<NameList kept={diff.kept} only={diff.added} onlyClass="version-diff__added" />}
        />
      );
    case 'files': {
      const names = (files: ReadonlyArray<{ filename: string }>) => files.map((file) => file.filename);
      return (
        <Sides
          older={<NameList kept={names(diff.kept)} only={names(diff.removed)} onlyClass="version-diff__removed" />}
          newer={<NameList kept={names(diff.kept)} only={names(diff.added)} onlyClass="version-diff__added" />}
        />
      );
    }
    case 'attributes':
      return (
        <div className="version-diff__steps">
          {diff.entries
            .filter((entry) => entry.change !== 'same')
            .map((entry) => (
              <div key={entry.name}>
                <strong>{entry.name}</strong>{' '}
                <Tag
                  value={t(`caseVersions.change.${entry.change}`)}
                  severity={entry.change === 'removed' ? 'danger' : entry.change === 'added' ? 'success' : 'info'}
                />
                <TextDiff older={entry.older ?? ''} newer={entry.newer ?? ''} labels={sides} />
              </div>
            ))}
        </div>
      );
    case 'steps':
      return (
        <ol className="version-diff__steps" aria-label={t('caseForm.steps.title')}>
          {diff.steps.map((step, index) => (
            <StepChange key={step.id} step={step} number={index + 1} sides={sides} />
          ))}
        </ol>
      );
  }
}

function FieldRow({ diff, sides }: { diff: FieldDiff; sides: readonly [string, string] }) {
  const { t } = useTranslation();
  const label = t(CASE_FIELD_LABELS[diff.field]);
  return (
    <section className={`version-diff__field${diff.changed ? ' version-diff__field--changed' : ''}`} aria-label={label}>
      <h3>
        {label}
        {diff.changed && <Tag value={t('caseVersions.change.changed')} severity="warning" />}
      </h3>
      <FieldValues diff={diff} sides={sides} />
    </section>
  );
}

/**
 * Two versions of a case side by side (tests-and-results §2, History tab):
 * the changed fields first, marked, word by word in long texts, steps matched
 * by their id; the unchanged ones folded away. Any two versions can be picked.
 */
export function CaseVersionsDialog({ projectId, caseId, versions, initial, onClose }: CaseVersionsDialogProps) {
  const { t, i18n } = useTranslation();
  const [pair, setPair] = useState<VersionPair>(initial);
  const loaded = useLiveQuery(
    { caseId, ...pair },
    () => changesOf(topics.suites(projectId)),
    (query) =>
      forkJoin({
        older: caseApi.watch(query.caseId, query.older),
        newer: caseApi.watch(query.caseId, query.newer),
        history: caseApi.history(query.caseId, 1, 1000),
      }),
  );
  const shown = loaded.data && !loaded.stale ? loaded.data : null;
  const fields = useMemo(() => (shown ? compareVersions(shown.older, shown.newer).filter(holdsSomething) : []), [shown]);
  const changed = fields.filter((field) => field.changed);
  const unchanged = fields.filter((field) => !field.changed);

  const current = versions[0];
  const options = versions.map((version) => ({
    value: version,
    label: t(version === current ? 'caseVersions.currentVersion' : 'caseVersions.version', { version }),
  }));
  const madeBy = (version: number, rows: readonly CaseHistoryRow[]) => {
    const row = rows.find((each) => each.version === version);
    return row
      ? t('caseVersions.madeBy', {
          user: row.user?.username ?? t('caseVersions.nobody'),
          date: formatDateTime(row.history_date, i18n.language),
        })
      : '';
  };
  const sides = [t('caseVersions.version', { version: pair.older }), t('caseVersions.version', { version: pair.newer })] as const;

  return (
    <Dialog
      visible
      modal
      maximizable
      header={t('caseVersions.title')}
      onHide={onClose}
      style={{ width: '1100px' }}
      breakpoints={{ '1200px': '95vw' }}
    >
      <div className="version-diff__toolbar">
        <label htmlFor="compare-older">{t('caseVersions.from')}</label>
        <Dropdown
          inputId="compare-older"
          value={pair.older}
          options={options}
          onChange={(event) => setPair({ ...pair, older: event.value as number })}
        />
        <label htmlFor="compare-newer">{t('caseVersions.to')}</label>
        <Dropdown
          inputId="compare-newer"
          value={pair.newer}
          options={options}
          onChange={(event) => setPair({ ...pair, newer: event.value as number })}
        />
        {shown && (
          <span className="version-diff__summary">
            {changed.length === 0 ? t('caseVersions.sameContent') : t('caseVersions.changedFields', { count: changed.length })}
          </span>
        )}
      </div>
      {!shown ? (
        <ProgressSpinner className="case-drawer__loading" aria-label={t('caseVersions.loading')} />
      ) : (
        <>
          <div className="version-diff__heads">
            <span>
              <strong>{sides[0]}</strong> {madeBy(pair.older, shown.history.results)}
            </span>
            <span>
              <strong>{sides[1]}</strong> {madeBy(pair.newer, shown.history.results)}
            </span>
          </div>
          <div className="version-diff__fields">
            {changed.map((diff) => (
              <FieldRow key={diff.field} diff={diff} sides={sides} />
            ))}
            {unchanged.length > 0 && (
              <Panel
                header={t('caseVersions.unchanged', { count: unchanged.length })}
                toggleable
                collapsed={true}
                className="version-diff__unchanged"
              >
                {unchanged.map((diff) => (
                  <FieldRow key={diff.field} diff={diff} sides={sides} />
                ))}
              </Panel>
            )}
          </div>
        </>
      )}
    </Dialog>
  );
}
