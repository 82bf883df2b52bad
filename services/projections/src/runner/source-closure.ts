/**
 * The source files a module runs: its own and those it imports at run time, transitively. Type-only
 * imports are left out (they change no fold), and a named import from a workspace package
 * (`@testament/contracts`) is followed to the file that declares that name rather than to the whole
 * package, so a read model's version changes with the code it runs and with nothing else.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Packages of this repository, whose sources are part of a fold; other packages are libraries. */
const WORKSPACE_SCOPE = '@testament/';

/**
 * `import … from '…'`, `export … from '…'` and `import '…'`, at the start of a line, type-only ones included (told apart by `typeOnly`).
 */
const MODULE_STATEMENT = new RegExp(
  String.raw`^[ \t]*(import|export)[ \t]+(type[ \t]+)?` +
    // What it takes from the module: `{ a, b }`, `* as ns`, a default name, or a default name with one of those.
    String.raw`(?:(\{[^}]*\}|\*(?:[ \t]+as[ \t]+\w+)?|\w+(?:[ \t]*,[ \t]*(?:\{[^}]*\}|\*[ \t]+as[ \t]+\w+))?)[ \t\n]+from[ \t]+)?` +
    `['"]([^'"]+)['"]`,
  'gm',
);
/** Names a file declares and exports itself. */
const DECLARED_EXPORT = new RegExp(
  String.raw`^[ \t]*export[ \t]+(?:declare[ \t]+)?(?:default[ \t]+)?(?:async[ \t]+)?` +
    String.raw`(?:const|let|var|function\*?|class|abstract[ \t]+class|enum)[ \t]+(\w+)`,
  'gm',
);
/** `export { a, b as c };`: names declared elsewhere in the file. */
const LOCAL_EXPORT_LIST = /^[ \t]*export[ \t]*\{([^}]*)\}[ \t]*;?[ \t]*$/gm;

interface ModuleStatement {
  kind: 'import' | 'export';
  /** `import type` / `export type`. */
  typeOnly: boolean;
  /** What is imported or re-exported: undefined for a bare `import '…'`. */
  clause: string | undefined;
  specifier: string;
}

interface ParsedModule {
  text: string;
  statements: ModuleStatement[];
  declared: Set<string>;
}

/** A named binding of a clause: what it is called in the module it comes from, and whether it is a type. */
interface Binding {
  imported: string;
  typeOnly: boolean;
}

export class SourceClosure {
  private readonly parsed = new Map<string, ParsedModule>();

  /** The files `entry` runs, itself included. */
  of(entry: string): Set<string> {
    const files = new Set<string>();
    this.visit(entry, files);
    return files;
  }

  text(file: string): string {
    return this.module(file).text;
  }

  private visit(file: string, files: Set<string>): void {
    if (files.has(file)) return;
    files.add(file);
    for (const statement of this.module(file).statements) {
      if (statement.typeOnly) continue;
      for (const target of this.targets(file, statement)) this.visit(target, files);
    }
  }

  /** The files one statement brings in at run time. */
  private targets(file: string, { clause, specifier }: ModuleStatement): string[] {
    const entry = this.resolve(file, specifier);
    if (entry === undefined) return [];
    const bindings = clause === undefined ? undefined : namedBindings(clause);
    // A workspace package's named values: the files declaring them, not the package's whole index.
    if (specifier.startsWith(WORKSPACE_SCOPE) && bindings !== undefined) {
      return bindings.filter((binding) => !binding.typeOnly).map((binding) => this.declaring(entry, binding.imported, new Set()) ?? entry);
    }
    if (bindings?.every((binding) => binding.typeOnly)) return [];
    return [entry];
  }

  /** The file that declares `name`, following `export … from` chains from `file`. */
  private declaring(file: string, name: string, seen: Set<string>): string | undefined {
    if (seen.has(file)) return undefined;
    seen.add(file);
    const parsed = this.module(file);
    if (parsed.declared.has(name)) return file;
    for (const statement of parsed.statements) {
      if (statement.kind !== 'export' || statement.typeOnly) continue;
      const target = this.resolve(file, statement.specifier);
      if (target === undefined) continue;
      if (statement.clause?.startsWith('*')) {
        const found = statement.clause === '*' ? this.declaring(target, name, seen) : undefined;
        if (found) return found;
        continue;
      }
      const reexported =
        statement.clause === undefined
          ? undefined
          : namedBindings(statement.clause, true).find((binding) => binding.imported === name || binding.exportedAs === name);
      if (reexported && !reexported.typeOnly) return this.declaring(target, reexported.imported, new Set()) ?? target;
    }
    return undefined;
  }

  private resolve(from: string, specifier: string): string | undefined {
    if (specifier.startsWith('.')) {
      const base = resolve(dirname(from), specifier);
      return [base, `${base}.ts`, resolve(base, 'index.ts')].find((candidate) => existsSync(candidate) && candidate.endsWith('.ts'));
    }
    if (!specifier.startsWith(WORKSPACE_SCOPE)) return undefined;
    const resolved = fileURLToPath(import.meta.resolve(specifier));
    return resolved.endsWith('.ts') ? resolved : undefined;
  }

  private module(file: string): ParsedModule {
    let parsed = this.parsed.get(file);
    if (!parsed) {
      const text = readFileSync(file, 'utf8');
      const statements = [...text.matchAll(MODULE_STATEMENT)].map(([, kind, typeOnly, clause, specifier]) => ({
        kind: kind as 'import' | 'export',
        typeOnly: typeOnly !== undefined,
        clause: clause?.trim(),
        specifier: specifier!,
      }));
      const declared = new Set([...text.matchAll(DECLARED_EXPORT)].map(([, name]) => name!));
      for (const [, list] of text.matchAll(LOCAL_EXPORT_LIST))
        for (const binding of namedBindings(`{${list}}`, true)) declared.add(binding.exportedAs);
      parsed = { text, statements, declared };
      this.parsed.set(file, parsed);
    }
    return parsed;
  }
}

/**
 * The bindings of `{ a, type B, c as d }` (a default import counts as `default`; a namespace as none: the caller takes the whole module).
 */
function namedBindings(clause: string): Binding[] | undefined;
function namedBindings(clause: string, exported: true): Array<Binding & { exportedAs: string }>;
function namedBindings(clause: string): Array<Binding & { exportedAs: string }> | undefined {
  if (clause.includes('*')) return undefined;
  const braces = clause.indexOf('{');
  const bindings: Array<Binding & { exportedAs: string }> = [];
  const defaultName = (braces === -1 ? clause : clause.slice(0, braces)).replace(',', '').trim();
  if (defaultName) bindings.push({ imported: 'default', exportedAs: defaultName, typeOnly: false });
  if (braces === -1) return bindings;
  for (const part of clause.slice(braces + 1, clause.lastIndexOf('}')).split(',')) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    const typeOnly = words[0] === 'type' && words.length > 1 && words[1] !== 'as';
    const [imported, , alias] = typeOnly ? words.slice(1) : words;
    bindings.push({ imported: imported!, exportedAs: alias ?? imported!, typeOnly });
  }
  return bindings;
}
