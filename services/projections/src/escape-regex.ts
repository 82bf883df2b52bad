/** Text as a regex matching it literally: what a search box's `{$regex}` is made of. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
