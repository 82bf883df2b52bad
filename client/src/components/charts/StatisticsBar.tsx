import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisibleColor } from '../../theme/visible-color.ts';
import { formatChartNumber, formatChartPercent } from './chart-options.ts';
import { LEGEND_VISIBLE, legendShown, percentOf } from './figures.ts';
import './charts.css';

/** One part of a statistics bar: a status and how many (or how much) it has. */
export interface StatisticsItem {
  key: string;
  label: string;
  value: number;
  color: string;
  /** The value as the legend writes it (with its unit); the number itself by default. */
  shownValue?: string;
}

/**
 * The shared segmented statistics bar (platform §1 widgets): each part's share
 * of the whole, and a legend of values with percentages to two decimals that
 * shows seven items before "Show All (+N)".
 */
export function StatisticsBar({ items, label }: { items: readonly StatisticsItem[]; label: string }) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const visible = useVisibleColor();
  const total = items.reduce((sum, item) => sum + item.value, 0);
  const percent = (item: StatisticsItem) => formatChartPercent(percentOf(item.value, total), i18n.language);
  const { shown, more } = legendShown(items, opened);
  return (
    <figure className="statistics-bar" aria-label={label}>
      <div className="statistics-bar__track" aria-hidden>
        {items
          .filter((item) => item.value > 0)
          .map((item) => (
            <span
              key={item.key}
              className="statistics-bar__part"
              style={{ flexGrow: item.value, background: visible(item.color) }}
              title={`${item.label}: ${percent(item)}`}
            />
          ))}
      </div>
      <ul className="statistics-bar__legend">
        {shown.map((item) => (
          <li key={item.key}>
            <span className="statistics-bar__dot" style={{ background: visible(item.color) }} aria-hidden />
            <span className="statistics-bar__label">{item.label}</span>
            <strong>{item.shownValue ?? formatChartNumber(item.value, i18n.language)}</strong>
            <span className="statistics-bar__percent">{percent(item)}</span>
          </li>
        ))}
      </ul>
      {items.length > LEGEND_VISIBLE ? (
        <Button
          link
          size="small"
          className="statistics-bar__more"
          label={more > 0 ? t('charts.showAll', { count: more }) : t('charts.showLess')}
          onClick={() => setOpened(!opened)}
        />
      ) : null}
    </figure>
  );
}
