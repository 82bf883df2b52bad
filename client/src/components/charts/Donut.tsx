import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import { Chart } from './Chart.tsx';
import type { StatisticsItem } from './StatisticsBar.tsx';

interface DonutProps {
  /** The parts, each a slice in its colour; those at zero are left out. */
  parts: readonly StatisticsItem[];
  /** What the middle says, under its figure ("Total" and the sum, "Tested" and "3 / 4"). */
  centreLabel: string;
  centreValue: string;
  /** What the chart shows, for screen readers. */
  label: string;
  height: number;
  /** How a part's value reads in its tooltip (minutes, hours…). */
  format?: (value: number) => string;
}

/** Parts of a whole as a donut with a figure in the middle; its legend is the caller's (a statistics bar, a list). */
export function Donut({ parts, centreLabel, centreValue, label, height, format }: DonutProps) {
  const present = useMemo(() => parts.filter((part) => part.value > 0), [parts]);
  const options = useMemo<ApexOptions>(
    () => ({
      labels: present.map((part) => part.label),
      colors: present.map((part) => part.color),
      legend: { show: false },
      dataLabels: { enabled: false },
      stroke: { width: 1 },
      ...(format ? { tooltip: { y: { formatter: format } } } : {}),
      plotOptions: { pie: { donut: { labels: { show: true, total: { show: true, label: centreLabel, formatter: () => centreValue } } } } },
    }),
    [present, centreLabel, centreValue, format],
  );
  const series = useMemo(() => present.map((part) => part.value), [present]);
  return <Chart type="donut" options={options} series={series} height={height} label={label} />;
}
