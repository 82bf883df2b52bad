import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { currentUrl } from './suite-paths.ts';
import { useKeptTreeSearch } from './use-tree-search.ts';

/** The workspace page's address: the project, and the node (`nodeParam`) if one is selected, on a tab (overview by default). */
export function useWorkspacePage(nodeParam: string): { projectId: number; nodeId: number | null; tab: string } {
  const params = useParams();
  const node = params[nodeParam];
  return { projectId: Number(params.projectId), nodeId: node ? Number(node) : null, tab: params.tab ?? 'overview' };
}

interface WorkspaceRootProps {
  title: string;
  createLabel: string;
  /** Where Create goes, given the address to come back to. */
  createPath(prevUrl: string): string;
  /** The project's whole list. */
  children: ReactNode;
}

/** A workspace without a selected node: the project's whole list, and a way to start a top-level node. */
export function WorkspaceRoot({ title, createLabel, createPath, children }: WorkspaceRootProps) {
  const navigate = useNavigate();
  const keepSearch = useKeptTreeSearch();
  return (
    <section className="suite-page">
      <header className="page-header">
        <h1>{title}</h1>
        <Button type="button" label={createLabel} icon="pi pi-plus" onClick={() => void navigate(keepSearch(createPath(currentUrl())))} />
      </header>
      {children}
    </section>
  );
}

/**
 * A drawer the address opens with `?{param}=id`; closing it takes that and `alsoRemoved` (its view, its version) away and keeps the rest.
 */
export function useDrawerParam(param: string, alsoRemoved: readonly string[]): { id: number | null; close(): void } {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(param));
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of [param, ...alsoRemoved]) next.delete(key);
      return next;
    });
  return { id: id || null, close };
}
