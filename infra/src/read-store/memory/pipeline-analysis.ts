/**
 * What the memory store needs to know about an aggregation pipeline before
 * handing it to mingo.
 */
import type { Filter } from '../../ports/read-store.ts';
import { isPlainObject } from '../shared/values.ts';

type Stage = Record<string, unknown>;

/**
 * Splits off the leading `$match` stages (merged into one filter) so the store
 * can answer them through its `_id` and equality indexes.
 */
export function splitLeadingMatch(pipeline: readonly Stage[]): { filter: Filter | undefined; rest: Stage[] } {
  const filters: Filter[] = [];
  let start = 0;
  while (start < pipeline.length && isMatchStage(pipeline[start]!)) {
    filters.push(pipeline[start]!.$match as Filter);
    start++;
  }
  const filter = filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : { $and: filters };
  return { filter, rest: pipeline.slice(start) };
}

function isMatchStage(stage: Stage): boolean {
  return Object.keys(stage).length === 1 && isPlainObject(stage.$match);
}

/**
 * Stages that mingo runs without writing into their input documents (checked by
 * experiment on mingo 7). Others, such as `$set`, `$addFields`, `$unset` and
 * exclusion `$project` with dotted paths, modify the objects they are given.
 */
const READ_ONLY_STAGES = new Set(['$match', '$group', '$sort', '$skip', '$limit', '$count', '$unwind', '$sortByCount', '$lookup', '$facet']);

/** True when running the pipeline on the stored documents themselves can't change them. */
export function isReadOnlyPipeline(pipeline: readonly Stage[]): boolean {
  return pipeline.every(isReadOnlyStage);
}

function isReadOnlyStage(stage: Stage): boolean {
  const [name, ...others] = Object.keys(stage);
  if (name === undefined || others.length > 0 || !READ_ONLY_STAGES.has(name)) return false;
  const spec = stage[name];
  if (name === '$facet') return isPlainObject(spec) && Object.values(spec).every((sub) => Array.isArray(sub) && isReadOnlyPipeline(sub));
  if (name === '$lookup') return isPlainObject(spec) && (spec.pipeline === undefined || (Array.isArray(spec.pipeline) && isReadOnlyPipeline(spec.pipeline)));
  return true;
}

/**
 * Takes the `$sort`, `$skip` and `$limit` stages that follow the match (in the
 * order a find applies them) into a page the planner can serve from an index.
 */
export function splitLeadingPage(pipeline: readonly Stage[]): { page: { sort?: Record<string, 1 | -1>; skip?: number; limit?: number }; rest: Stage[] } {
  const page: { sort?: Record<string, 1 | -1>; skip?: number; limit?: number } = {};
  let start = 0;
  const stage = (name: string) => {
    const current = pipeline[start];
    return current && Object.keys(current).length === 1 && name in current ? current[name] : undefined;
  };
  const sort = stage('$sort');
  if (isPlainObject(sort) && Object.values(sort).every((direction) => direction === 1 || direction === -1)) {
    page.sort = sort as Record<string, 1 | -1>;
    start++;
  }
  const skip = stage('$skip');
  if (Number.isInteger(skip) && (skip as number) >= 0) {
    page.skip = skip as number;
    start++;
  }
  const limit = stage('$limit');
  if (Number.isInteger(limit) && (limit as number) > 0) {
    page.limit = limit as number;
    start++;
  }
  return { page, rest: pipeline.slice(start) };
}
