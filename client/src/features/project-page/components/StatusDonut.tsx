import type { StatusSlice } from '@testament/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Donut } from '../../../components/charts/Donut.tsx';
import { seededSliceLabel } from '../../../i18n/seeded-names.ts';
import { useVisibleColor } from '../../../theme/visible-color.ts';

interface StatusDonutProps {
  slices: readonly StatusSlice[];
  centreLabel: string;
  centreValue: string;
  label: string;
}

/** Tests by last status as a donut, a slice per status with a figure in the middle (platform §2 Overview tab). */
export function StatusDonut({ slices, centreLabel, centreValue, label }: StatusDonutProps) {
  const { t } = useTranslation();
  const parts = useMemo(
    () =>
      slices.map((slice) => ({ key: String(slice.id), label: seededSliceLabel(t, slice.label), value: slice.value, color: slice.color })),
    [slices, t],
  );
  return (
    <div className="overview-donut">
      <Donut parts={parts} centreLabel={centreLabel} centreValue={centreValue} label={label} height={240} />
    </div>
  );
}

/** The statuses with their counts beside the donut. */
export function StatusLegend({ slices, label }: { slices: readonly StatusSlice[]; label: string }) {
  const { t } = useTranslation();
  const visible = useVisibleColor();
  return (
    <ul className="overview-statuses__legend" aria-label={label}>
      {slices.map((slice) => (
        <li key={slice.id ?? 'untested'}>
          <span className="color-dot" style={{ background: visible(slice.color) }} aria-hidden />
          <span>{seededSliceLabel(t, slice.label)}</span>
          <span className="overview-statuses__value">{slice.value}</span>
        </li>
      ))}
    </ul>
  );
}
