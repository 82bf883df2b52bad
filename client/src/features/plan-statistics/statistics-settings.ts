import type { UserConfig } from '@testament/contracts';
import { isoDay, lastDays, type DayRange } from '../../i18n/dates.ts';
import { configSection } from '../../session/user-config.ts';

/** The area's three segments (cases-and-plans §2), `ui.graph_base_type`. */
export const SEGMENTS = ['pie', 'bar', 'child'] as const;
export type Segment = (typeof SEGMENTS)[number];

/** The units of the estimates, `ui.test_plan_estimate_everywhere_period` (§9; the server's day is 8 working hours). */
export const ESTIMATE_PERIODS = ['minutes', 'hours', 'days'] as const;
export type EstimatePeriod = (typeof ESTIMATE_PERIODS)[number];

/** How the histogram buckets results, `ui.graph_base_bar_type`: by day, or by the values of a result attribute. */
export const BUCKETINGS = ['by_time', 'by_attribute'] as const;
export type Bucketing = (typeof BUCKETINGS)[number];

/** §9: the histogram shows the last 7 days unless another range was chosen. */
const DEFAULT_DAYS = 7;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the user chose for the statistics, kept in their config (platform §3 "User config" `ui`). */
export interface StatisticsSettings {
  /**
   * Whether the area shows its charts or only its header, `ui.is_open_plan_statistics`: a person who closed it gets the tests at the top of
   * every plan.
   */
  open: boolean;
  segment: Segment;
  period: EstimatePeriod;
  bucketing: Bucketing;
  /** The result attribute's name for `by_attribute`. */
  attribute: string;
  /** The histogram's days, for this plan or the project's root. */
  range: DayRange;
}

/** Where `ui.test_plan` keeps a scope's histogram range: under the plan's id, or `root` for the project's tests. */
function rangeKey(planId: number | null): string {
  return planId === null ? 'root' : String(planId);
}

function oneOf<T extends string>(choices: readonly T[], value: unknown, fallback: T): T {
  return choices.find((choice) => choice === value) ?? fallback;
}

/** A stored range, its end no later than today (§9); none when it is not a range of days. */
function storedRange(stored: Record<string, unknown>, today: Date): DayRange | null {
  const { start_date: start, end_date: storedEnd } = stored;
  if (typeof start !== 'string' || typeof storedEnd !== 'string' || !DAY.test(start) || !DAY.test(storedEnd)) return null;
  // biome-ignore lint/complexity/useMathMinMax: these are YYYY-MM-DD strings, which compare as text; Math.min would make them NaN
  const end = storedEnd < isoDay(today) ? storedEnd : isoDay(today);
  return start <= end ? { start, end } : null;
}

/** The settings in a config, each with its default where the config has none (or one this version does not know). */
export function statisticsSettings(config: UserConfig, planId: number | null, today: Date = new Date()): StatisticsSettings {
  const ui = configSection(config, 'ui');
  const attribute = ui.graph_base_bar_attribute_input;
  return {
    open: ui.is_open_plan_statistics !== false,
    segment: oneOf(SEGMENTS, ui.graph_base_type, 'pie'),
    period: oneOf(ESTIMATE_PERIODS, ui.test_plan_estimate_everywhere_period, 'minutes'),
    bucketing: oneOf(BUCKETINGS, ui.graph_base_bar_type, 'by_time'),
    attribute: typeof attribute === 'string' ? attribute : '',
    range: storedRange(configSection(configSection(ui, 'test_plan'), rangeKey(planId)), today) ?? lastDays(DEFAULT_DAYS, today),
  };
}

/** The segment drawn: the chosen one, but the status pies when looking back (`asOf`), the only one that can. */
export function shownSegment(settings: StatisticsSettings, asOf: string | null): Segment {
  return asOf ? 'pie' : settings.segment;
}

/** The result attribute the histogram buckets by, null by day; '' when one is wanted and none is named yet. */
export function histogramAttribute(settings: StatisticsSettings): string | null {
  return settings.bucketing === 'by_attribute' ? settings.attribute.trim() : null;
}

/** Config patches that keep one choice; the server deep-merges them into the rest. */
export const settingsPatch = {
  open: (open: boolean): UserConfig => ({ ui: { is_open_plan_statistics: open } }),
  segment: (segment: Segment): UserConfig => ({ ui: { graph_base_type: segment } }),
  period: (period: EstimatePeriod): UserConfig => ({ ui: { test_plan_estimate_everywhere_period: period } }),
  bucketing: (bucketing: Bucketing): UserConfig => ({ ui: { graph_base_bar_type: bucketing } }),
  attribute: (attribute: string): UserConfig => ({ ui: { graph_base_bar_attribute_input: attribute } }),
  range: (planId: number | null, range: DayRange): UserConfig => ({
    ui: { test_plan: { [rangeKey(planId)]: { start_date: range.start, end_date: range.end } } },
  }),
};
