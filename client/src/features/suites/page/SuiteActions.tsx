import { Button } from 'primereact/button';
import type { MenuItem } from 'primereact/menuitem';

/** A suite's (or a plan's) actions as buttons on its page; the same items the tree's right-click menu shows. */
export function SuiteActions({ items }: { items: MenuItem[] }) {
  return (
    <div className="suite-page__actions">
      {items.map((item) => (
        <Button
          key={item.label}
          type="button"
          label={item.label!}
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
