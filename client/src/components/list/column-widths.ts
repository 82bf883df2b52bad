import { useState } from 'react';
import { session } from '../../app/services.ts';
import { userListPatch, useUserListSettings, type UserList } from './user-list-settings.ts';

/** The selection checkbox column's width, in pixels. */
export const CHECKBOX_WIDTH = 48;

/**
 * How a list lays out its columns: each one's width in pixels, one of them
 * (the name) taking whatever room the others leave, its width the least it
 * gets, and the room of the columns nobody resizes (the checkbox, the actions).
 */
export interface ColumnLayout<C extends string> {
  widths: Record<C, number>;
  flexible: C;
  unresized: number;
}

/** A column as PrimeReact's resize event names it: by the `columnKey` each list gives its columns. */
interface ResizedColumn {
  element: HTMLElement;
  column: { props: { columnKey?: string } };
}

/**
 * A list view's columns: those the browser keeps shown (`hidden`, a list
 * setting), and their widths, which a person sets by dragging a header's edge
 * and their config keeps per list and view. Every column but the flexible one
 * gets its width; the table is at least as wide as all of them, so a narrow
 * window scrolls the table sideways rather than squeezing the name.
 */
export function useListColumns<C extends string>(
  list: UserList,
  columns: readonly C[],
  layout: ColumnLayout<C>,
  [hidden, setHidden]: [C[], (hidden: C[]) => void],
) {
  const kept = useUserListSettings(list).widths;
  const [resets, setResets] = useState(0);
  const shown = columns.filter((column) => !hidden.includes(column));
  const widthOf = (column: C) => kept[column] ?? layout.widths[column];
  return {
    shown,
    /** A column's own props: its key for the resize event, its class and its width. */
    propsOf: (column: C) => ({
      columnKey: column,
      className: `list-view__col-${column}`,
      style: column === layout.flexible ? {} : { width: `${widthOf(column)}px` },
    }),
    /**
     * Changes with the columns shown and when the widths go back to the defaults: PrimeReact keeps a drag's widths by column position, so
     * the table is drawn anew then.
     */
    tableKey: `${shown.join(',')}/${resets}`,
    tableProps: {
      tableStyle: { minWidth: `${shown.reduce((sum, column) => sum + widthOf(column), layout.unresized)}px` },
      resizableColumns: true,
      columnResizeMode: 'expand' as const,
      onColumnResizeEnd: ({ element, column }: ResizedColumn) => {
        const key = column.props.columnKey;
        if (key && key in layout.widths) session.changeConfig(userListPatch.width(list, key, element.offsetWidth));
      },
    },
    /** The columns popover's props: which columns show, and back to the default widths when any was changed. */
    toggleProps: {
      columns,
      hidden,
      onChange: setHidden,
      fixed: layout.flexible,
      onDefaultWidths:
        Object.keys(kept).length === 0
          ? undefined
          : () => {
              session.changeConfig(userListPatch.defaultWidths(list));
              setResets(resets + 1);
            },
    },
  };
}
