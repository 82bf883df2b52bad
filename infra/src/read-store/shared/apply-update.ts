import { update as mingoUpdate } from 'mingo/updater';
import type { Update } from '../../ports/read-store.ts';
import { cloneDocument } from './clone.ts';
import { BAD_VALUE, FAILED_TO_PARSE, PATH_NOT_VIABLE, ReadStoreError, TYPE_MISMATCH, immutableIdError } from './errors.ts';
import { isPlainObject } from './values.ts';

type Operators = Record<string, unknown>;

/**
 * Applies a MongoDB update document to `target` in place. mingo's updater does
 * the operators; this adds what MongoDB does and mingo doesn't:
 * - `$setOnInsert` acts as `$set` when the update inserts a document, and is ignored otherwise;
 * - `$set` may name `_id` with its current value, or give an upserted document its `_id`;
 * - operators on a field of the wrong type fail (mingo skips them silently).
 */
export function applyUpdate(target: Record<string, unknown>, update: Update, inserting: boolean): void {
  assertOperatorsOnly(update);
  // A private, normalized copy (undefined → null, as the driver sends it); mingo
  // then copies values deeply into each document so updateMany shares nothing.
  const operators = cloneDocument(update);
  foldSetOnInsert(operators, inserting);
  applyIdAssignments(target, operators);
  assertApplicable(target, operators);
  if (Object.keys(operators).length > 0) mingoUpdate(target, operators, undefined, undefined, { cloneMode: 'deep' });
}

function assertOperatorsOnly(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) {
    throw new ReadStoreError(FAILED_TO_PARSE, 'Update document requires atomic operators');
  }
}

function foldSetOnInsert(operators: Operators, inserting: boolean): void {
  const { $setOnInsert } = operators;
  delete operators.$setOnInsert;
  if (inserting && isPlainObject($setOnInsert)) operators.$set = { ...(operators.$set as Operators | undefined), ...$setOnInsert };
}

/** Takes the `_id` paths out of the operators (mingo refuses them all), applying the ones MongoDB allows. */
function applyIdAssignments(target: Record<string, unknown>, operators: Operators): void {
  for (const [operator, spec] of Object.entries(operators)) {
    if (!isPlainObject(spec)) continue;
    for (const path of Object.keys(spec)) {
      if (path !== '_id' && !path.startsWith('_id.')) continue;
      const value = spec[path];
      const allowed = operator === '$set' && path === '_id' && (target._id === undefined || target._id === value);
      if (!allowed) throw immutableIdError(target._id, value);
      target._id = value;
      delete spec[path];
    }
    if (Object.keys(spec).length === 0) delete operators[operator];
  }
}

const NUMERIC_OPERATORS = new Set(['$inc']);
const ARRAY_OPERATORS = new Set(['$push', '$addToSet', '$pull']);
/** Operators that never create a field, so a path through a scalar is simply not there. */
const NON_CREATING_OPERATORS = new Set(['$unset', '$pull']);

/** Rejects what MongoDB rejects: `$inc` on a non-number, array operators on a non-array, a field inside a scalar. */
function assertApplicable(target: Record<string, unknown>, operators: Operators): void {
  for (const [operator, spec] of Object.entries(operators)) {
    if (!isPlainObject(spec)) continue;
    for (const path of Object.keys(spec)) {
      const found = fieldAt(target, path);
      if (found.blockedBy !== undefined && !NON_CREATING_OPERATORS.has(operator)) {
        throw new ReadStoreError(PATH_NOT_VIABLE, `Cannot create field '${path}' inside a value of type ${typeName(found.blockedBy)}`);
      }
      if (found.value === undefined) continue;
      if (NUMERIC_OPERATORS.has(operator) && typeof found.value !== 'number') {
        throw new ReadStoreError(
          TYPE_MISMATCH,
          `Cannot apply ${operator} to a value of non-numeric type: '${path}' is ${typeName(found.value)}`,
        );
      }
      if (ARRAY_OPERATORS.has(operator) && !Array.isArray(found.value)) {
        throw new ReadStoreError(BAD_VALUE, `Cannot apply ${operator} to a non-array value: '${path}' is ${typeName(found.value)}`);
      }
    }
  }
}

/**
 * The value at a dotted path, or the scalar that stands where a subdocument
 * would have to be. Paths through arrays are left to mingo (value undefined).
 */
function fieldAt(target: Record<string, unknown>, path: string): { value?: unknown; blockedBy?: unknown } {
  let value: unknown = target;
  for (const segment of path.split('.')) {
    if (Array.isArray(value)) return {};
    if (!isPlainObject(value)) return { blockedBy: value };
    value = value[segment];
    if (value === undefined) return {};
  }
  return { value };
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}
