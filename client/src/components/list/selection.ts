/**
 * A table's rows chosen for a bulk action (cases-and-plans §4): some by id, or
 * all that the filter selects except an exclusion list (select-all covers pages not yet seen).
 */
export type PageSelection = { all: false; ids: number[] } | { all: true; excluded: number[] };

export const NO_SELECTION: PageSelection = { all: false, ids: [] };
export const EVERYTHING: PageSelection = { all: true, excluded: [] };

export function isChosen(selection: PageSelection, id: number): boolean {
  return selection.all ? !selection.excluded.includes(id) : selection.ids.includes(id);
}

/** How many rows are chosen, `total` being how many the filter selects. */
export function selectedCount(selection: PageSelection, total: number): number {
  return selection.all ? Math.max(0, total - selection.excluded.length) : selection.ids.length;
}

/** The selection after the user ticked exactly `chosen` among the rows of the page shown. */
export function withPageChoice(selection: PageSelection, pageIds: readonly number[], chosen: readonly number[]): PageSelection {
  const offPage = (id: number) => !pageIds.includes(id);
  if (selection.all)
    return { all: true, excluded: [...selection.excluded.filter(offPage), ...pageIds.filter((id) => !chosen.includes(id))] };
  return { all: false, ids: [...selection.ids.filter(offPage), ...chosen] };
}

/** A server-paged DataTable's checkbox props for a selection: the page's ticks, and the header box as select-all. */
export function selectionTableProps<R extends { id: number }>(
  selection: PageSelection,
  onChange: (selection: PageSelection) => void,
  rows: readonly R[],
) {
  return {
    selectionMode: 'checkbox' as const,
    selection: rows.filter((row) => isChosen(selection, row.id)),
    onSelectionChange: (event: { value: R[] }) =>
      onChange(
        withPageChoice(
          selection,
          rows.map((row) => row.id),
          event.value.map((row) => row.id),
        ),
      ),
    selectAll: selection.all && selection.excluded.length === 0,
    onSelectAllChange: (event: { checked: boolean }) => onChange(event.checked ? EVERYTHING : NO_SELECTION),
  };
}

/** Whether a row's click was on its checkbox (or the cell around it), which ticks rather than opens the row. */
export function onRowCheckbox(event: { target: EventTarget }): boolean {
  return event.target instanceof Element && event.target.closest('.p-checkbox, .p-selection-column') !== null;
}
