import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../forms/FormField.tsx';
import { AttachmentsField } from '../../attachments/index.ts';
import type { StepValues } from './steps.ts';

export interface StepErrors {
  name?: { message?: string };
  scenario?: { message?: string };
}

interface StepPanelProps {
  projectId: number;
  step: StepValues;
  /** Its place in the list, 1-based, as it will be saved. */
  number: number;
  open: boolean;
  errors: StepErrors | undefined;
  onToggle(): void;
  onChange(step: StepValues): void;
  onCopy(): void;
  onDelete(): void;
}

/** One step: a header that opens and closes it (150 ms, §2), with copy and delete, over its name, scenario and expected result. */
export function StepPanel({ projectId, step, number, open, errors, onToggle, onChange, onCopy, onDelete }: StepPanelProps) {
  const { t } = useTranslation();
  const title = t('caseForm.steps.stepTitle', { number, name: step.name });
  const fieldId = (field: string) => `step-${step.key}-${field}`;
  return (
    <div className={`step-panel${open ? ' is-open' : ''}`} data-testid="step">
      <div className="step-panel__header">
        <Button
          type="button"
          icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
          text
          rounded
          size="small"
          aria-expanded={open}
          aria-label={t(open ? 'caseForm.steps.collapse' : 'caseForm.steps.expand', { number })}
          onClick={onToggle}
        />
        <span className="step-panel__title">{title}</span>
        <Button
          type="button"
          icon="pi pi-copy"
          text
          rounded
          size="small"
          severity="secondary"
          aria-label={t('caseForm.steps.copy', { number })}
          onClick={onCopy}
        />
        <Button
          type="button"
          icon="pi pi-trash"
          text
          rounded
          size="small"
          severity="danger"
          aria-label={t('caseForm.steps.delete', { number })}
          onClick={onDelete}
        />
      </div>
      {/* Collapsed steps stay mounted, so their text is kept and the height can animate. */}
      <div className="step-panel__body" inert={!open}>
        <div className="step-panel__fields">
          <FormField id={fieldId('name')} label={t('caseForm.steps.name')} error={errors?.name}>
            <InputText
              id={fieldId('name')}
              value={step.name}
              invalid={!!errors?.name}
              onChange={(event) => onChange({ ...step, name: event.target.value })}
            />
          </FormField>
          <FormField id={fieldId('scenario')} label={t('caseForm.fields.scenario')} error={errors?.scenario}>
            <InputTextarea
              id={fieldId('scenario')}
              value={step.scenario}
              rows={3}
              autoResize
              invalid={!!errors?.scenario}
              onChange={(event) => onChange({ ...step, scenario: event.target.value })}
            />
          </FormField>
          <FormField id={fieldId('expected')} label={t('caseForm.fields.expected')}>
            <InputTextarea
              id={fieldId('expected')}
              value={step.expected}
              rows={2}
              autoResize
              onChange={(event) => onChange({ ...step, expected: event.target.value })}
            />
          </FormField>
          <AttachmentsField projectId={projectId} value={step.attachments} onChange={(attachments) => onChange({ ...step, attachments })} />
        </div>
      </div>
    </div>
  );
}
