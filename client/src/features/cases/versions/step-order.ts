/**
 * Two orders of the same steps combined: `primary`'s, with each step only
 * `secondary` has put right after the step it follows there (or first when it
 * follows none of them). A merge keeps the new steps of both sides in place
 * this way, and a comparison shows a removed step where it was.
 */
export function interleaved(primary: readonly string[], secondary: readonly string[]): string[] {
  const order = [...primary];
  secondary.forEach((id, index) => {
    if (order.includes(id)) return;
    const before = secondary
      .slice(0, index)
      .reverse()
      .find((earlier) => order.includes(earlier));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });
  return order;
}
