import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Tree } from 'primereact/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SuiteTreeNode } from '@testament/contracts';
import { useSuiteNodes } from '../../../entities/suite/suite-nodes.ts';
import type { SuiteChoice } from './case-form.ts';

/** The project's suites as a searchable tree; a click picks one (§2 "Select suite"). */
export function SuiteTreeDialog({ projectId, onPick, onClose }: { projectId: number; onPick(suite: SuiteChoice): void; onClose(): void }) {
  const { t } = useTranslation();
  const suites = useSuiteNodes(projectId);
  return (
    <Dialog visible modal header={t('caseForm.suite.select')} onHide={onClose} style={{ width: '478px' }} breakpoints={{ '640px': '95vw' }}>
      <Tree
        value={suites ?? []}
        loading={suites === null}
        filter
        filterMode="lenient"
        filterPlaceholder={t('common.search')}
        selectionMode="single"
        onSelect={(event) => {
          const suite = event.node.data as SuiteTreeNode;
          onPick({ id: suite.id, name: suite.name });
        }}
        emptyMessage={t('caseForm.suite.none')}
        className="suite-tree"
      />
    </Dialog>
  );
}

/** The case's suite: its name, and a button that opens the tree to choose another. */
export function SuitePicker({
  projectId,
  id,
  value,
  invalid,
  onChange,
}: {
  projectId: number;
  id: string;
  value: SuiteChoice | null;
  invalid: boolean;
  onChange(suite: SuiteChoice): void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <div className="p-inputgroup">
      <InputText
        id={id}
        readOnly
        value={value?.name ?? ''}
        placeholder={t('caseForm.suite.placeholder')}
        invalid={invalid}
        onClick={() => setPicking(true)}
      />
      <Button type="button" icon="pi pi-sitemap" aria-label={t('caseForm.suite.select')} onClick={() => setPicking(true)} />
      {picking && (
        <SuiteTreeDialog
          projectId={projectId}
          onPick={(suite) => {
            onChange(suite);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
