import { REPORT_DEFAULT_SUITE } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { FileUpload } from 'primereact/fileupload';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { SelectButton } from 'primereact/selectbutton';
import { TreeSelect } from 'primereact/treeselect';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { announceChange, topics } from '../../app/changes.ts';
import { useAction } from '../../app/use-action.ts';
import { useSuiteNodes } from '../../entities/suite/suite-nodes.ts';
import { confirmDiscard } from '../../forms/confirm-discard.ts';
import { FormField } from '../../forms/FormField.tsx';
import { translateFormMessage } from '../../forms/form-messages.ts';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { useBulkActionWait } from '../bulk-jobs/index.ts';
import {
  ACCEPTED_FILES,
  REPORT_FORMATS,
  reportImportApi,
  type ReportFormat,
  type ReportImportResponse,
  type ReportUpload,
} from './report-import-api.ts';
import { ReportSummary } from './ReportSummary.tsx';
import { useFollowedJob } from './use-followed-job.ts';
import './report-import.css';

/** The fields a refusal's messages go under; the rest (the plan, the project, a 403's or 409's detail) go on top. */
const PLACED = ['file', 'suite', 'run_key'] as const;
type Placed = (typeof PLACED)[number];
type Refusal = { placed: Partial<Record<Placed, string[]>>; rest: string[] };
const NO_REFUSAL: Refusal = { placed: {}, rest: [] };

function refusalOf(error: unknown): Refusal {
  if (!isApiError(error) || error.routed) return NO_REFUSAL;
  const refusal: Refusal = { placed: {}, rest: [] };
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if ((PLACED as readonly string[]).includes(field)) refusal.placed[field as Placed] = messages;
    else refusal.rest.push(...messages);
  }
  if (refusal.rest.length === 0 && Object.keys(refusal.placed).length === 0) refusal.rest.push(error.message);
  return refusal;
}

interface ReportImportDialogProps {
  projectId: number;
  plan: { id: number; title: string };
  onClose(): void;
}

/**
 * Uploads a CI run's results (JUnit, xUnit or NUnit XML, or Allure results) into the plan, as a job in the background:
 * the dialog then follows the job and, when it ends, tells what it did. Closing it leaves the job to the jobs' panel.
 */
export function ReportImportDialog({ projectId, plan, onClose }: ReportImportDialogProps) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<ReportImportResponse | null>(null);
  const header = t('reportImport.title', { name: plan.title });
  if (answer) {
    const footer = <Button type="button" label={t('reportImport.close')} onClick={onClose} autoFocus />;
    return (
      <Dialog visible modal header={header} footer={footer} onHide={onClose} style={{ width: '760px' }} breakpoints={{ '800px': '95vw' }}>
        <ImportProgress projectId={projectId} answer={answer} />
      </Dialog>
    );
  }
  return <UploadForm projectId={projectId} planId={plan.id} header={header} onStarted={setAnswer} onClose={onClose} />;
}

function UploadForm({
  projectId,
  planId,
  header,
  onStarted,
  onClose,
}: {
  projectId: number;
  planId: number;
  header: string;
  onStarted(answer: ReportImportResponse): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const wait = useBulkActionWait(projectId);
  const chooser = useRef<FileUpload>(null);
  const [format, setFormat] = useState<ReportFormat>('junit');
  const [files, setFiles] = useState<File[]>([]);
  const [suiteId, setSuiteId] = useState<number | null>(null);
  const [runKey, setRunKey] = useState('');
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const suites = useSuiteNodes(projectId);
  const [send, sending] = useAction(
    (upload: ReportUpload) => reportImportApi.send(upload),
    (outcome) => {
      if (outcome.state === 'failed') return setRefusal(refusalOf(outcome.error));
      // The jobs' panel learns of the job now rather than at the next live notice.
      announceChange(topics.bulkJobs(user.id));
      onStarted(outcome.result);
    },
  );
  const running = sending.state === 'running';
  const changed = files.length > 0 || suiteId !== null || runKey.trim() !== '';
  const requestClose = () => (changed && !running ? confirmDiscard(t, onClose) : onClose());
  const message = (field: Placed) => {
    const messages = refusal.placed[field];
    return messages ? { message: messages.join(' ') } : undefined;
  };
  const submit = () => {
    setRefusal(NO_REFUSAL);
    send({ projectId, planId, format, files, suiteId, runKey });
  };
  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={requestClose} />
      <Button
        type="button"
        label={t('reportImport.submit')}
        icon="pi pi-upload"
        disabled={files.length === 0 || wait.disabled}
        tooltip={wait.tooltip}
        tooltipOptions={wait.tooltipOptions}
        loading={running}
        onClick={submit}
      />
    </>
  );
  return (
    <Dialog
      visible
      modal
      header={header}
      footer={footer}
      onHide={requestClose}
      style={{ width: '760px' }}
      breakpoints={{ '800px': '95vw' }}
    >
      <div className="form report-import">
        {refusal.rest.length > 0 && <Message severity="error" text={refusal.rest.map((m) => translateFormMessage(t, m)).join(' ')} />}
        <FormField id="report-import-format" label={t('reportImport.format')}>
          <SelectButton
            id="report-import-format"
            value={format}
            options={REPORT_FORMATS.map((value) => ({ value, label: t(`reportImport.formats.${value}`) }))}
            allowEmpty={false}
            disabled={running}
            aria-labelledby="report-import-format-label"
            onChange={(event) => {
              if (event.value === format) return;
              setFormat(event.value as ReportFormat);
              // What was chosen for one format is not a report of the other.
              chooser.current?.clear();
            }}
          />
        </FormField>
        <FormField id="report-import-files" label={t('reportImport.files')} error={message('file')}>
          <FileUpload
            ref={chooser}
            name="file"
            multiple
            customUpload
            accept={ACCEPTED_FILES[format]}
            disabled={running}
            chooseLabel={t('reportImport.choose')}
            cancelLabel={t('reportImport.clear')}
            headerTemplate={({ className, chooseButton, cancelButton }) => (
              <div className={className}>
                {chooseButton}
                {cancelButton}
              </div>
            )}
            emptyTemplate={<p className="report-import__drop">{t(`reportImport.drop.${format}`)}</p>}
            itemTemplate={(file, options) => <ChosenFile file={file as File} onRemove={options.onRemove} disabled={running} />}
            pt={{ input: { id: 'report-import-files' } }}
            onSelect={(event) => setFiles([...event.files])}
            onRemove={(event) => setFiles((kept) => kept.filter((file) => file !== event.file))}
            onClear={() => setFiles([])}
          />
        </FormField>
        <FormField id="report-import-suite" label={t('reportImport.suite')} error={message('suite')}>
          <TreeSelect
            inputId="report-import-suite"
            value={suiteId === null ? null : String(suiteId)}
            options={suites ?? []}
            onChange={(event) => setSuiteId(typeof event.value === 'string' ? Number(event.value) : null)}
            filter
            showClear
            disabled={running}
            placeholder={t('reportImport.suitePlaceholder', { name: REPORT_DEFAULT_SUITE })}
            emptyMessage={t('suites.tree.empty')}
            invalid={!!refusal.placed.suite}
            aria-describedby="report-import-suite-hint"
            className="report-import__suite"
          />
          <small id="report-import-suite-hint" className="field__hint">
            {t('reportImport.suiteHint')}
          </small>
        </FormField>
        <FormField id="report-import-run-key" label={t('reportImport.runKey')} error={message('run_key')}>
          <InputText
            id="report-import-run-key"
            value={runKey}
            maxLength={255}
            disabled={running}
            invalid={!!refusal.placed.run_key}
            aria-describedby="report-import-run-key-hint"
            onChange={(event) => setRunKey(event.target.value)}
          />
          <small id="report-import-run-key-hint" className="field__hint">
            {t('reportImport.runKeyHint')}
          </small>
        </FormField>
      </div>
    </Dialog>
  );
}

const SIZE_UNITS = [
  ['byte', 1],
  ['kilobyte', 1024],
  ['megabyte', 1024 ** 2],
  ['gigabyte', 1024 ** 3],
] as const;

/** A chosen file, its size in the reader's language and a way to leave it out (PrimeReact's own item says "Pending" in English). */
function ChosenFile({ file, disabled, onRemove }: { file: File; disabled: boolean; onRemove(event: SyntheticEvent): void }) {
  const { t, i18n } = useTranslation();
  const [unit, bytes] = SIZE_UNITS.findLast(([, size]) => file.size >= size) ?? SIZE_UNITS[0];
  const size = new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
  return (
    <div className="report-import__file">
      <i className="pi pi-file" aria-hidden />
      <span className="report-import__file-name">{file.name}</span>
      <small className="report-import__file-size">{size.format(file.size / bytes)}</small>
      <Button
        type="button"
        icon="pi pi-times"
        text
        rounded
        severity="danger"
        disabled={disabled}
        aria-label={t('reportImport.remove', { name: file.name })}
        onClick={onRemove}
      />
    </div>
  );
}

/** The job the upload started (or, for a run imported before, that run's job): its progress, then what it did. */
function ImportProgress({ projectId, answer }: { projectId: number; answer: ReportImportResponse }) {
  const { t } = useTranslation();
  const { already_imported: alreadyImported, ...started } = answer;
  const job = useFollowedJob(started, !alreadyImported);
  const percent = job.total === 0 ? 100 : Math.floor((job.done / job.total) * 100);
  const summary = job.summary && <ReportSummary projectId={projectId} summary={job.summary} />;
  if (alreadyImported) {
    return (
      <div className="report-import__outcome">
        <Message severity="info" text={t('reportImport.alreadyImported')} />
        {summary && <p className="report-import__earlier">{t('reportImport.earlier')}</p>}
        {summary}
      </div>
    );
  }
  if (job.status === 'running') {
    return (
      <div className="report-import__outcome" aria-busy="true">
        <p>{t('reportImport.running')}</p>
        <ProgressBar value={percent} displayValueTemplate={() => t('reportImport.progress', { done: job.done, total: job.total })} />
      </div>
    );
  }
  const told = { done: job.done, total: job.total, reason: translateServerMessage(t, job.reason ?? '') };
  return (
    <div className="report-import__outcome">
      {job.status === 'finished' ? (
        <Message severity="success" text={t('reportImport.finished', told)} />
      ) : (
        <Message severity="error" text={t('reportImport.failed', told)} />
      )}
      {summary}
    </div>
  );
}
