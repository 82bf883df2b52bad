import { Button } from 'primereact/button';
import type { MenuItem } from 'primereact/menuitem';

/**
 * A suite's (or a plan's) actions as buttons on its page; the same items the tree's right-click menu shows. An item marked
 * `data: { iconOnly: true }` is its icon alone, its label its name and tooltip, so the row stays one line at 1440 px.
 */
export function SuiteActions({ items }: { items: MenuItem[] }) {
  return (
    <div className="suite-page__actions">
      {items.map((item) => (
        <Button
          key={item.label}
          type="button"
          label={item.data?.iconOnly ? undefined : item.label!}
          aria-label={item.label!}
          tooltip={item.data?.iconOnly ? item.label : undefined}
          tooltipOptions={{ position: 'bottom' }}
          icon={item.icon as string}
          outlined
          size="small"
          severity={item.icon === 'pi pi-trash' ? 'danger' : 'secondary'}
          disabled={item.disabled === true}
          onClick={(event) => item.command?.({ originalEvent: event, item })}
        />
      ))}
    </div>
  );
}
