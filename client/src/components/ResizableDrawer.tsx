import { Sidebar } from 'primereact/sidebar';
import { useEffect, useState, type ReactNode } from 'react';
import { readLocal, writeLocal, type LocalSetting } from '../app/local-settings.ts';
import { ResizeHandle } from './ResizeHandle.tsx';
import './resizable-drawer.css';

/** Drawers open 500 px wide (§9) and may be widened to 70 % of the window. */
const DRAWER = { initial: 500, min: 360, maxShare: 0.7 } as const;
const drawerWidth = (wanted: number) => Math.max(DRAWER.min, Math.min(wanted, window.innerWidth * DRAWER.maxShare));

/** The open drawer's width, for what must stay clear of it: toasts are centred in the room it leaves (RootLayout). */
const OPEN_DRAWER_WIDTH = '--open-drawer-width';

function useOpenDrawerWidth(width: number) {
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty(OPEN_DRAWER_WIDTH, `${width}px`);
    return () => {
      root.removeProperty(OPEN_DRAWER_WIDTH);
    };
  }, [width]);
}

interface ResizableDrawerProps {
  /** Where this browser keeps the width the user last left the drawer at (§3 Local settings). */
  widthSetting: LocalSetting;
  className: string;
  header: ReactNode;
  closeLabel: string;
  resizeLabel: string;
  onClose(): void;
  children: ReactNode;
}

/** A right-hand drawer over the page, widened or narrowed by its left edge, as wide as it was last left. */
export function ResizableDrawer({ widthSetting, className, header, closeLabel, resizeLabel, onClose, children }: ResizableDrawerProps) {
  const [width, setWidth] = useState(() => drawerWidth(Number(readLocal(widthSetting)) || DRAWER.initial));
  useOpenDrawerWidth(width);
  return (
    <Sidebar
      visible
      position="right"
      onHide={onClose}
      className={`resizable-drawer ${className}`}
      style={{ width: `${width}px`, maxWidth: `${DRAWER.maxShare * 100}%` }}
      ariaCloseLabel={closeLabel}
      header={header}
    >
      <ResizeHandle
        className="resizable-drawer__resize"
        label={resizeLabel}
        width={width}
        grows="left"
        widthAt={(clientX) => window.innerWidth - clientX}
        onResize={(wanted) => setWidth(drawerWidth(wanted))}
        onRelease={(wanted) => {
          const settled = Math.round(drawerWidth(wanted));
          setWidth(settled);
          writeLocal(widthSetting, String(settled));
        }}
      />
      {children}
    </Sidebar>
  );
}
