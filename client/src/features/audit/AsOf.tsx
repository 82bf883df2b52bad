import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.ts';
import './audit.css';

/** "Show this plan as of…": a date and time in the past; empty is now. */
export function AsOfPicker({ asOf, onPick }: { asOf: string | null; onPick(time: Date | null): void }) {
  const { t } = useTranslation();
  return (
    <span className="as-of">
      <Calendar
        value={asOf ? new Date(asOf) : null}
        onChange={(event) => onPick(event.value ?? null)}
        showTime
        hourFormat="24"
        maxDate={new Date()}
        dateFormat="yy-mm-dd"
        showIcon
        icon="pi pi-history"
        placeholder={t('audit.asOf.label')}
        ariaLabel={t('audit.asOf.label')}
      />
    </span>
  );
}

/** Says plainly that what shows is the past, and leads back to now. */
export function AsOfBanner({ asOf, onNow }: { asOf: string; onNow(): void }) {
  const { t, i18n } = useTranslation();
  return (
    <Message
      severity="warn"
      className="as-of__banner"
      content={
        <span className="as-of__banner-text" role="status">
          <strong>{t('audit.asOf.banner', { time: formatDateTime(asOf, i18n.language) })}</strong>
          <span>{t('audit.asOf.onlyPie')}</span>
          <Button type="button" label={t('audit.asOf.backToNow')} icon="pi pi-replay" size="small" onClick={onNow} />
        </span>
      }
    />
  );
}
