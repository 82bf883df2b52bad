import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

/** A tab's or section's title, what it is for, and its actions (create, save order). */
export function SectionHeader({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <header className="section-header">
      <div>
        <h2>{title}</h2>
        {hint && <p className="section-header__hint">{hint}</p>}
      </div>
      <div className="section-header__actions">{children}</div>
    </header>
  );
}

export function CreateButton({ label, onClick }: { label: string; onClick(): void }) {
  return <Button label={label} icon="pi pi-plus" onClick={onClick} />;
}
