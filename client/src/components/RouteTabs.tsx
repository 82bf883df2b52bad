import type { MenuItemCommandEvent } from 'primereact/menuitem';
import { TabMenu } from 'primereact/tabmenu';
import { memo } from 'react';
import { useNavigate } from 'react-router';

export interface RouteTab {
  label: string;
  icon: string;
  to: string;
}

interface RouteTabsProps {
  tabs: RouteTab[];
  active: number;
  className?: string;
}

const sameTab = (one: RouteTab, other: RouteTab) => one.label === other.label && one.icon === other.icon && one.to === other.to;

/**
 * Tabs that are addresses: a click moves within the app; the link still opens in a new tab or copies.
 * Drawn again only when a tab changes: TabMenu measures its ink bar after every drawing, a forced layout of
 * the whole page each time its page drew again as its calls were answered.
 */
export const RouteTabs = memo(
  function RouteTabs({ tabs, active, className }: RouteTabsProps) {
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
  },
  (before, after) =>
    before.active === after.active &&
    before.className === after.className &&
    before.tabs.length === after.tabs.length &&
    before.tabs.every((tab, index) => sameTab(tab, after.tabs[index]!)),
);
