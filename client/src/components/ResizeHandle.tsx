import type { KeyboardEvent, PointerEvent } from 'react';

interface ResizeHandleProps {
  /** The width it controls now, in px. */
  width: number;
  label: string;
  /** Which way the controlled pane grows: a bar or a split's first pane to the right, a right-hand drawer to the left. */
  grows: 'right' | 'left';
  /** The width the pointer at this x asks for. */
  widthAt(clientX: number): number;
  /** The width asked for while dragging, and for each arrow key. */
  onResize(wanted: number): void;
  /** Where a drag or an arrow key settles, when that differs from following the pointer (the tree bar's collapse rule). */
  onRelease?(wanted: number): void;
  className: string;
}

/** A vertical bar dragged with the pointer, or moved 20 px at a time with the arrow keys. */
export function ResizeHandle({ width, label, grows, widthAt, onResize, onRelease, className }: ResizeHandleProps) {
  const settle = onRelease ?? onResize;
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) onResize(widthAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (onRelease && event.currentTarget.hasPointerCapture(event.pointerId)) onRelease(widthAt(event.clientX));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    settle(width + direction * (grows === 'right' ? 20 : -20));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter that keys and the pointer move; <hr> is a static rule
    <div
      className={className}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(width)}
      tabIndex={0}
      onPointerDown={(event) => event.currentTarget.setPointerCapture(event.pointerId)}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
