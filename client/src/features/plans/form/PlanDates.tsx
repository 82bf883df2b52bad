import { Calendar } from 'primereact/calendar';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../forms/FormField.tsx';
import { translatedError } from '../plan-messages.ts';
import { dayAfter } from './plan-form.ts';

export interface DateRange {
  start: Date | null;
  due: Date | null;
}

/** A picked day at the time of day the field had, so a plan keeps its hours when only its day changes. */
function onDay(previous: Date | null, picked: Date): Date {
  const day = new Date(picked);
  if (previous) day.setHours(previous.getHours(), previous.getMinutes(), 0, 0);
  return day;
}

/** The start that moves past the due date takes the due date along, to a day after it (§5: the due date defaults to start plus one day). */
export function withStart(range: DateRange, picked: Date | null): DateRange {
  if (!picked) return { ...range, start: null };
  const start = onDay(range.start, picked);
  return { start, due: range.due && range.due > start ? range.due : dayAfter(start) };
}

interface PlanDatesProps {
  idPrefix: string;
  range: DateRange;
  onChange(range: DateRange): void;
  errors: { start?: { message?: string | undefined } | undefined; due?: { message?: string | undefined } | undefined };
}

/** The start and due dates, each bounding the other: days past the other's bound are disabled (§5). */
export function PlanDates({ idPrefix, range, onChange, errors }: PlanDatesProps) {
  const { t } = useTranslation();
  const startId = `${idPrefix}-started-at`;
  const dueId = `${idPrefix}-due-date`;
  return (
    <div className="plan-dates">
      <FormField id={startId} label={t('plans.form.startedAt')} error={translatedError(t, errors.start)}>
        <Calendar
          inputId={startId}
          value={range.start}
          onChange={(event) => onChange(withStart(range, event.value ?? null))}
          {...(range.due ? { maxDate: range.due } : {})}
          dateFormat="yy-mm-dd"
          showIcon
          invalid={!!errors.start}
        />
      </FormField>
      <FormField id={dueId} label={t('plans.form.dueDate')} error={translatedError(t, errors.due)}>
        <Calendar
          inputId={dueId}
          value={range.due}
          onChange={(event) => onChange({ ...range, due: event.value ? onDay(range.due, event.value) : null })}
          {...(range.start ? { minDate: range.start } : {})}
          dateFormat="yy-mm-dd"
          showIcon
          invalid={!!errors.due}
        />
      </FormField>
    </div>
  );
}
