import type { PreviewRow } from '@testament/contracts';
import type { TFunction } from 'i18next';
import type { Observable } from 'rxjs';
import { confirmRemoval } from '../../../app/confirm-removal.ts';
import { notifyRefusal } from '../../../app/refusal.ts';

interface PreviewedAction {
  header: string;
  question: string;
  acceptLabel: string;
  preview: Observable<PreviewRow[]>;
  run(): Observable<unknown>;
  onDone(): void;
  doneMessage: string;
}

/** What an archive or a delete takes along, as "count related model" lines (§2 Dialogs, reference §4.13). */
function previewText(t: TFunction, question: string, rows: PreviewRow[]): string {
  const lines = rows.map((row) => t('caseDrawer.previewRow', { count: row.count, model: row.verbose_name_related_model }));
  return [question, ...lines].join('\n');
}

/** Fetches the preview, then asks with it, then acts and says how it went. */
export function confirmWithPreview(t: TFunction, action: PreviewedAction): void {
  action.preview.subscribe({
    next: (rows) =>
      confirmRemoval(t, {
        header: action.header,
        message: previewText(t, action.question, rows),
        acceptLabel: action.acceptLabel,
        remove: action.run,
        onRemoved: action.onDone,
        doneMessage: action.doneMessage,
      }),
    error: (error: unknown) => notifyRefusal(t, error),
  });
}
