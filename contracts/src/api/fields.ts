import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * Input fields as DRF and django-filter read them, shared by every request
 * schema so that TestY's clients and scripts are accepted alike everywhere:
 * ids come as JSON numbers or as their digits in strings, booleans in any of
 * DRF's spellings. (An empty query value never reaches these: the gateway's
 * query parser drops it, as django-filter skips an empty filter.)
 */

export const fieldMessages = {
  invalidInteger: 'A valid integer is required.',
} as const;

/**
 * DRF's IntegerField reading: `int(str(value))` after a trailing `.0…`
 * is cut, so `2`, `2.0`, `"2"`, `" 2 "` and `"+2"` are 2, while `1.5`,
 * `"abc"`, `""` and `true` are not integers (undefined).
 */
export function drfInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*([+-]?\d+)(\.0*)?\s*$/.exec(value);
  if (!match) return undefined;
  const parsed = Number(match[1]);
  return Number.isSafeInteger(parsed) ? parsed : undefined;
}

/** A transform that reads a value with `read`, refusing what it cannot read (undefined) with `message`. */
function readWith<I, O>(read: (value: I) => O | undefined, message: string) {
  return (value: I, ctx: z.RefinementCtx<I>): O => {
    const parsed = read(value);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  };
}

/** An integer of at least `minimum` in DRF's reading, or undefined. */
const drfIntegerFrom = (minimum: number) => (value: unknown) => {
  const parsed = drfInteger(value);
  return parsed === undefined || parsed < minimum ? undefined : parsed;
};

/** DRF's integer field with a lower bound: ids (the default, 1 and up) or counts and positions (0 and up). */
export function integerField(minimum = 1) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined ? messages.required : issue.input === null ? messages.notNull : fieldMessages.invalidInteger,
    })
    .transform(readWith(drfIntegerFrom(minimum), fieldMessages.invalidInteger));
}

/** An id in a body: a positive integer, as a number or a numeric string. Whether it exists is checked later. */
export const idField = integerField();

/** A nullable reference in a body: DRF reads an empty string for a relation as null (unassigned, a root plan). */
export const nullableIdField = z.preprocess((value) => (value === '' ? null : value), idField.nullable());

/** A list of ids in a body. */
export const idArrayField = z.array(idField, { error: messages.notAList });

/** DRF BooleanField's spellings (compared without regard to case). */
const TRUE_WORDS = new Set(['true', 't', 'yes', 'y', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'f', 'no', 'n', 'off', '0']);

/** A boolean in any of DRF's spellings, or undefined. */
export function drfBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** A boolean in a body or a multipart form: `true`, `"true"`, `1`, `"1"`, `"yes"`, `"on"`, … and their negatives. */
export const booleanField = z
  .union([z.boolean(), z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? messages.required : issue.input === null ? messages.notNull : messages.notABoolean),
  })
  .transform(readWith(drfBoolean, messages.notABoolean));

/** A boolean query value (django-filter's BooleanFilter), in the same spellings. */
export const queryBoolean = z.string().transform(readWith(drfBoolean, messages.notABoolean));

/** The digits of each id in a comma-separated list, spaces around them allowed; undefined when one is not an id. */
function idsInList(value: string, allowNull: boolean): string[] | undefined {
  const parts = value.split(',').map((part) => part.trim());
  return parts.every((part) => /^\d+$/.test(part) || (allowNull && part === 'null'))
    ? parts.map((part) => (part === 'null' ? part : String(Number(part))))
    : undefined;
}

function listQuery(allowNull: boolean) {
  return z.string().transform(readWith((value: string) => idsInList(value, allowNull)?.join(','), fieldMessages.invalidInteger));
}

/** A query's comma-separated ids (`1,2, 3`), answered normalised as `1,2,3`. */
export const queryIdList = listQuery(false);

/** A query's comma-separated ids where `null` stands for "none" (untested statuses). */
export const queryIdOrNullList = listQuery(true);

/** One id in a query, as its normalised digits. */
const queryInteger = (value: string) => drfIntegerFrom(0)(value)?.toString();
export const queryId = z.string().transform(readWith(queryInteger, fieldMessages.invalidInteger));

/** A tree level in a query: `null` for the roots, or a parent's id. */
export const queryParent = z
  .string()
  .transform(readWith((value: string) => (value.trim() === 'null' ? 'null' : queryInteger(value)), fieldMessages.invalidInteger));
