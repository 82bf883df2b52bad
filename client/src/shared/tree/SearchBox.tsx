import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

/** A search box with its magnifier, named by its placeholder; it shows every keystroke, the caller waits for a pause. */
export function SearchBox({
  className,
  label,
  value,
  onType,
}: {
  className: string;
  label: string;
  value: string;
  onType(text: string): void;
}) {
  return (
    <IconField iconPosition="left" className={className}>
      <InputIcon className="pi pi-search" />
      <InputText type="search" value={value} placeholder={label} aria-label={label} onChange={(event) => onType(event.target.value)} />
    </IconField>
  );
}
