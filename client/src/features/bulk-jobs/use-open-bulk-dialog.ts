import { useState } from 'react';

/**
 * The bulk dialog open over a selection bar, with the selection it was opened on: the
 * live notice of its own change can empty the list, and the selection, before the answer
 * arrives, and must not close the dialog and lose what the dialog says when it ends.
 */
export function useOpenBulkDialog<Action extends string, Target extends { count: number }>() {
  const [open, setOpen] = useState<{ action: Action; target: Target } | null>(null);
  return { open, show: (action: Action, target: Target) => setOpen({ action, target }), close: () => setOpen(null) };
}
