import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyRefusal } from '../../app/refusal.ts';
import { notify } from '../../app/toasts.ts';
import { useAction } from '../../app/use-action.ts';
import { projectApi } from '../../entities/project/project-api.ts';
import { announceProjectChange } from '../../entities/project/project-changes.ts';
import { arrangedStatuses, orderChanged, statusOrderSetting, type Status } from '../../entities/status/status.ts';

export interface StatusOrder {
  /** The statuses as shown: the saved order, or the one being arranged. */
  shown: Status[];
  /** True while the arrangement differs from the saved order. */
  pending: boolean;
  arrange(ids: number[]): void;
  save(): void;
  saving: boolean;
}

/** Drag-and-drop order that stays pending until Save order (§2 Statuses, §4). */
export function useStatusOrder(projectId: number, saved: Status[] | null): StatusOrder {
  const { t } = useTranslation();
  const [arrangement, setArrangement] = useState<number[] | null>(null);
  const shown = arrangedStatuses(saved ?? [], arrangement);
  const pending = saved !== null && orderChanged(saved, shown);
  // Once the saved order is the arranged one (saved here, or dragged back), nothing is pending any more.
  useEffect(() => {
    if (arrangement && !pending) setArrangement(null);
  }, [arrangement, pending]);

  const [save, state] = useAction(
    () => projectApi.patch(projectId, { settings: { status_order: statusOrderSetting(shown) } }),
    (outcome) => {
      if (outcome.state === 'failed') return notifyRefusal(t, outcome.error);
      announceProjectChange(projectId);
      notify({ severity: 'success', summary: t('catalogue.status.orderSaved') });
    },
  );
  return { shown, pending, arrange: setArrangement, save: () => save(undefined), saving: state.state === 'running' };
}
