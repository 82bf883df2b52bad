import { Badge } from 'primereact/badge';
import { NavLink } from 'react-router';

interface SidebarLinkProps {
  to: string;
  icon: string;
  label: string;
  end?: boolean;
  badge?: number;
}

export function SidebarLink({ to, icon, label, end, badge }: SidebarLinkProps) {
  return (
    <NavLink to={to} end={end} className="sidebar__link" data-pr-tooltip={label} aria-label={label}>
      <i className={`${icon} sidebar__icon p-overlay-badge`}>
        {badge ? <Badge value={badge > 99 ? '99+' : badge} severity="danger" className="sidebar__badge" /> : null}
      </i>
      <span className="sidebar__label">{label}</span>
    </NavLink>
  );
}
