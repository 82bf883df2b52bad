/**
 * React keys for texts that have no id (a diff's names, the items of a typed list): each text with how many
 * equal texts came before it, so repeated texts get distinct keys that stay the same while the list does.
 */
export function keyedTexts(texts: readonly string[]): Array<{ text: string; key: string }> {
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const before = seen.get(text) ?? 0;
    seen.set(text, before + 1);
    return { text, key: `${before}:${text}` };
  });
}
