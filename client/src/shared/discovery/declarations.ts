/**
 * What the modules Vite found (`import.meta.glob`) declare, with the path of each: a module exporting nothing, or
 * anything but declarations, is a mistake the app refuses to start with; `what` says what such a module must export.
 */
export function declarationsIn<Declaration>(
  modules: Record<string, Record<string, unknown>>,
  isDeclaration: (value: unknown) => value is Declaration,
  what: string,
): Array<{ path: string; declared: Declaration }> {
  return Object.entries(modules).flatMap(([path, exports]) => {
    const stray = Object.keys(exports).filter((name) => !isDeclaration(exports[name]));
    if (stray.length > 0 || Object.keys(exports).length === 0) {
      throw new Error(`${path} must export ${what} and nothing else${stray.length > 0 ? `, not ${stray.join(', ')}` : ''}`);
    }
    return Object.values(exports).map((declared) => ({ path, declared: declared as Declaration }));
  });
}
