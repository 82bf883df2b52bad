import { useState } from 'react';

/** Which item a form is open for: a new one, an existing one, or none. */
export function useItemForm<T>(): { editing: T | 'new' | null; openNew(): void; openEdit(item: T): void; close(): void } {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return { editing, openNew: () => setEditing('new'), openEdit: setEditing, close: () => setEditing(null) };
}
