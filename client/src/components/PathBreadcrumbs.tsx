import { BreadCrumb } from 'primereact/breadcrumb';
import type { MenuItem, MenuItemOptions } from 'primereact/menuitem';
import './path-breadcrumbs.css';

/** Each part as text: the row around it is the link. */
const asText = (item: MenuItem, options: MenuItemOptions) => <span className={options.labelClassName}>{item.label}</span>;

/** A path as the API writes it (`Release/Sprint 1`, names joined by `/`) shown as breadcrumbs. */
export function PathBreadcrumbs({ path, label }: { path: string; label: string }) {
  const model = path
    .split('/')
    .filter((part) => part !== '')
    .map((part, index): MenuItem => ({ id: String(index), label: part, template: asText }));
  return <BreadCrumb model={model} className="path-breadcrumbs" aria-label={label} />;
}
