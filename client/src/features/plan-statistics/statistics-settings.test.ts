import { describe, expect, it } from 'vitest';
import { settingsPatch, statisticsSettings } from './statistics-settings.ts';

const today = new Date(2026, 2, 10, 15, 30);

describe('the statistics settings in the user config (platform §3 `ui`)', () => {
  it('default to open, the pie, minutes, days and the last 7 days, today included', () => {
    expect(statisticsSettings({}, 7, today)).toEqual({
      open: true,
      segment: 'pie',
      period: 'minutes',
      bucketing: 'by_time',
      attribute: '',
      range: { start: '2026-03-04', end: '2026-03-10' },
    });
  });

  it('read the choices kept, the range per plan or for the project’s root', () => {
    const config = {
      ui: {
        is_open_plan_statistics: false,
        graph_base_type: 'bar',
        test_plan_estimate_everywhere_period: 'hours',
        graph_base_bar_type: 'by_attribute',
        graph_base_bar_attribute_input: 'Build',
        test_plan: {
          '7': { start_date: '2026-02-01', end_date: '2026-02-14' },
          root: { start_date: '2026-01-01', end_date: '2026-01-02' },
        },
      },
    };
    expect(statisticsSettings(config, 7, today)).toEqual({
      open: false,
      segment: 'bar',
      period: 'hours',
      bucketing: 'by_attribute',
      attribute: 'Build',
      range: { start: '2026-02-01', end: '2026-02-14' },
    });
    expect(statisticsSettings(config, null, today).range).toEqual({ start: '2026-01-01', end: '2026-01-02' });
    expect(statisticsSettings(config, 8, today).range).toEqual({ start: '2026-03-04', end: '2026-03-10' });
  });

  it('end a kept range today at the latest, and ignore what is not a range of days or a known choice', () => {
    const ranged = (range: unknown) => statisticsSettings({ ui: { test_plan: { '7': range } } }, 7, today).range;
    expect(ranged({ start_date: '2026-03-01', end_date: '2026-04-01' })).toEqual({ start: '2026-03-01', end: '2026-03-10' });
    expect(ranged({ start_date: '2026-03-20', end_date: '2026-04-01' })).toEqual({ start: '2026-03-04', end: '2026-03-10' });
    expect(ranged({ start_date: '2026-03-05', end_date: '2026-03-01' })).toEqual({ start: '2026-03-04', end: '2026-03-10' });
    expect(ranged({ start_date: 'yesterday', end_date: '2026-03-01' })).toEqual({ start: '2026-03-04', end: '2026-03-10' });
    expect(
      statisticsSettings(
        { ui: { graph_base_type: 'radar', test_plan_estimate_everywhere_period: 'weeks', graph_base_bar_attribute_input: 3 } },
        7,
        today,
      ),
    ).toMatchObject({
      segment: 'pie',
      period: 'minutes',
      attribute: '',
    });
  });

  it('keep each choice with a patch of its own key', () => {
    expect(settingsPatch.open(false)).toEqual({ ui: { is_open_plan_statistics: false } });
    expect(settingsPatch.segment('child')).toEqual({ ui: { graph_base_type: 'child' } });
    expect(settingsPatch.period('days')).toEqual({ ui: { test_plan_estimate_everywhere_period: 'days' } });
    expect(settingsPatch.bucketing('by_attribute')).toEqual({ ui: { graph_base_bar_type: 'by_attribute' } });
    expect(settingsPatch.attribute('Build')).toEqual({ ui: { graph_base_bar_attribute_input: 'Build' } });
    expect(settingsPatch.range(null, { start: '2026-03-01', end: '2026-03-02' })).toEqual({
      ui: { test_plan: { root: { start_date: '2026-03-01', end_date: '2026-03-02' } } },
    });
    expect(settingsPatch.range(7, { start: '2026-03-01', end: '2026-03-02' })).toEqual({
      ui: { test_plan: { '7': { start_date: '2026-03-01', end_date: '2026-03-02' } } },
    });
  });
});
