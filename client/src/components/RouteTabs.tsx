import type { MenuItemCommandEvent } from 'primereact/menuitem';
import { TabMenu } from 'primereact/tabmenu';
import { useNavigate } from 'react-router';

export interface RouteTab {
  label: string;
  icon: string;
  to: string;
}

/** Tabs that are addresses: a click moves within the app; the link still opens in a new tab or copies. */
export function RouteTabs({ tabs, active, className }: { tabs: RouteTab[]; active: number; className?: string }) {
  const navigate = useNavigate();
  const model = tabs.map(({ label, icon, to }) => ({
    label,
    icon,
    url: to,
    command: (event: MenuItemCommandEvent) => {
      event.originalEvent.preventDefault();
      void navigate(to);
    },
  }));
  return <TabMenu model={model} activeIndex={active} className={className ?? 'page-tabs'} />;
}
