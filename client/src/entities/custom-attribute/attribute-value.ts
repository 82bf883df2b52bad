import { formMessages } from '../../forms/form-messages.ts';
import type { AttributeType } from './custom-attribute.ts';

/** Text attributes hold at most 255 characters (§9). */
export const TEXT_ATTRIBUTE_MAX = 255;

export type AttributeValue = string | string[] | unknown;

/**
 * An attribute value as a form's row holds it (text), checked and converted
 * by the attribute's type (§5): required values must be there, JSON must
 * parse, a list is one item per line with empty lines dropped.
 */
export function readAttributeValue(
  type: AttributeType,
  text: string,
  required: boolean,
): { ok: true; value: AttributeValue | undefined } | { ok: false; message: string; values?: Record<string, number> } {
  const trimmed = text.trim();
  if (trimmed === '') return required ? { ok: false, message: formMessages.required } : { ok: true, value: undefined };
  if (type === 1) return { ok: true, value: listItems(text) };
  if (type === 2) {
    try {
      return { ok: true, value: JSON.parse(trimmed) as unknown };
    } catch {
      return { ok: false, message: formMessages.jsonParse };
    }
  }
  if (text.length > TEXT_ATTRIBUTE_MAX) return { ok: false, message: formMessages.maxLength, values: { max: TEXT_ATTRIBUTE_MAX } };
  return { ok: true, value: text };
}

/** One item per line, blank lines dropped. */
export function listItems(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Attribute names may hold dots and spaces, which form paths cannot: a form keeps values by the attribute's id. */
export const attributeKey = (attribute: { id: number }) => `attribute${attribute.id}`;

/** A stored value as a form's text: a list one item a line, JSON as written. */
export function attributeText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join('\n');
  return typeof value === 'string' ? value : JSON.stringify(value);
}
