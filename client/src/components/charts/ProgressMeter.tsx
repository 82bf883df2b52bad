import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { formatChartPercent } from './chart-options.ts';
import { percentOf } from './figures.ts';
import './charts.css';

/** How much of a whole is done, as a progress bar with its percentage; in the success colour once all of it is (platform §1 widgets). */
export function ProgressMeter({ done, total, label }: { done: number; total: number; label: string }) {
  const { i18n } = useTranslation();
  const percent = percentOf(done, total);
  const complete = total > 0 && done >= total;
  return (
    <ProgressBar
      value={percent}
      displayValueTemplate={() => formatChartPercent(percent, i18n.language)}
      className={complete ? 'progress-meter progress-meter--done' : 'progress-meter'}
      aria-label={label}
    />
  );
}
