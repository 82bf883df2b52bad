/**
 * Items of several projects as `represent` shows them, one call per project
 * (so its context is loaded once), answered in the items' order. `represent`
 * answers one representation per item, in the order given.
 */
export async function shownByProject<T extends { _id: number; projectId: number }, R>(
  items: readonly T[],
  represent: (items: T[]) => Promise<R[]>,
): Promise<R[]> {
  const shown = new Map<number, R>();
  for (const projectId of new Set(items.map((item) => item.projectId))) {
    const group = items.filter((item) => item.projectId === projectId);
    (await represent(group)).forEach((representation, index) => {
      shown.set(group[index]!._id, representation);
    });
  }
  return items.map((item) => shown.get(item._id)!);
}
