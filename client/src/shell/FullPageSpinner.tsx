import { ProgressSpinner } from 'primereact/progressspinner';

export function FullPageSpinner() {
  return (
    <div className="full-page-spinner">
      <ProgressSpinner strokeWidth="4" style={{ width: 48, height: 48 }} />
    </div>
  );
}
