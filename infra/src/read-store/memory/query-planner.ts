/**
 * Plans and runs a query on one memory collection as a database would: pick
 * the cheapest way to find the matching documents (by `_id`, through a sorted
 * index, as a union of index lookups for a `$or`, or by scanning the whole
 * collection), push sort, skip and limit into an index walk when the index
 * order is the requested order, and count from index positions when the index
 * says everything the filter says.
 */
import type { Document, Filter, Sort } from '../../ports/read-store.ts';
import { compileFilter, searchedText } from './compiled-filter.ts';
import { compareValues } from './key-order.ts';
import { analyzeFilter, idsInFilter, isEmptyFilter, isIdOnlyFilter, type FilterAnalysis } from './filter-analysis.ts';
import { sortDocuments } from './sort-documents.ts';
import { isPlainObject } from '../shared/values.ts';
import type { IndexEntry, IndexRange, RangeBound, SortedIndex, StoredRecord } from './sorted-index.ts';
import { SubstringIndex } from './substring-index.ts';

type Id = Document['_id'];

/** What the planner needs of a collection. */
export interface PlannerSource {
  readonly name: string;
  readonly size: number;
  /** Every record, in natural order. */
  records(): Iterable<StoredRecord>;
  record(id: Id): StoredRecord | undefined;
  readonly indexes: readonly SortedIndex[];
  readonly substringIndexes: readonly SubstringIndex[];
}

export interface Page {
  sort?: Sort | undefined;
  skip?: number | undefined;
  limit?: number | undefined;
  /** Only the number of matches is wanted: an exact index answers it from positions, whatever the range's size. */
  countOnly?: boolean | undefined;
}

/** How a query is answered; `explain` shows it to tests and the scan report. */
export type Plan =
  | { kind: 'ids'; ids: readonly Id[]; exact: boolean }
  | IndexPlan
  | { kind: 'union'; branches: CandidatePlan[] }
  | SubstringPlan
  | { kind: 'collection' };

type CandidatePlan = Extract<Plan, { kind: 'ids' }> | IndexPlan;

export interface IndexPlan {
  kind: 'index';
  index: SortedIndex;
  ranges: IndexRange[];
  /** Entries walked in index order give the requested sort ('any': no sort was asked for). */
  order: 'forward' | 'backward' | 'any' | false;
  /** The index bounds say everything the filter says: nothing to evaluate per document. */
  exact: boolean;
  /** The range covers the whole index: it orders, but does not narrow. */
  unbounded: boolean;
  size: number;
  /** What is left to evaluate per entry: the filter without the fields the index bounds decide exactly. */
  residual: Filter;
  /** How many of the filter's fields the index does not bound (the more, the fewer entries pass). */
  undecided: number;
}

/** A text search answered by a substring index: its hits, checked against the rest of the filter. */
export interface SubstringPlan {
  kind: 'substring';
  index: SubstringIndex;
  /** The searched text. */
  text: string;
  /** The records whose value contains the searched text. */
  hits: readonly StoredRecord[];
  /** The filter without the search. */
  rest: Filter;
  /** For a sorted page: an index walk in the requested order over `rest`, admitting hits only, when that beats sorting them. */
  walk: IndexPlan | undefined;
  /** For a count: `rest` counted exactly by an index, when counting the records that miss the text is cheaper than the hits. */
  complement: IndexPlan | undefined;
}

/** More key combinations than this in one lookup (a product of `$in` lists) are not worth probing. */
const MAX_PROBES = 10_000;

export function plan(source: PlannerSource, filter: Filter, page: Page = {}): Plan {
  const ids = idsInFilter(filter);
  if (ids) return { kind: 'ids', ids, exact: isIdOnlyFilter(filter) };
  const analysis = analyzeFilter(filter);
  const sortFields = Object.entries(page.sort ?? {});
  const needed = (page.limit ?? 0) > 0 ? (page.skip ?? 0) + page.limit! : Infinity;
  const search = textSearch(source, filter);
  const costOf = (candidate: IndexPlan, density: number) => (page.countOnly && candidate.exact ? candidate.ranges.length : planCost(candidate, needed, sortFields.length > 0, density));
  const candidates: IndexPlan[] = [];
  for (const index of source.indexes) {
    const candidate = indexPlan(index, filter, analysis, sortFields);
    if (!candidate) continue;
    candidates.push(candidate);
    // A jump to the page through a single range (an exact plan's cost does not depend on density): nothing can do better.
    if (candidate.exact && costOf(candidate, 1) <= 1) break;
  }
  const union = analysis.orBranches && unionPlan(source, analysis.orBranches);
  // Every match lies within each candidate's ranges, so the narrowest lookup bounds how common matches can be:
  // a walk in sort order that must pass a hundred thousand entries to find the few a small lookup holds is not cheap.
  const fewest = Math.min(search ? search.hits.length : Infinity, union ? union.size : Infinity, ...candidates.map((candidate) => candidate.size));
  // Otherwise matches are assumed common enough that a page fills after four entries per row.
  const density = Math.min(search ? 1 : 0.25, (Math.min(fewest, source.size) + 1) / (source.size + 1));
  let best: Plan = { kind: 'collection' };
  // At equal cost an index wins: its plan stays cheap as the collection grows.
  let bestCost = source.size * (sortFields.length > 0 ? 1.2 : 1) + 2;
  for (const candidate of candidates) {
    const cost = costOf(candidate, density);
    if (cost < bestCost) [best, bestCost] = [candidate, cost];
  }
  if (union && union.size * 1.2 < bestCost) [best, bestCost] = [{ kind: 'union', branches: union.branches }, union.size * 1.2];
  if (search) {
    const chosen = substringPlan(source, search, page, needed, density);
    if (chosen.cost < bestCost) best = chosen.plan;
  }
  return best;
}

function planCost(candidate: IndexPlan, needed: number, sorted: boolean, density: number): number {
  const probes = candidate.ranges.length;
  if (candidate.order && candidate.exact) return probes + (needed === Infinity ? candidate.size : 0);
  // Walking in order with a filter to evaluate stops once the page is full; each field the
  // index leaves to the filter beyond the first is taken to keep a quarter of what it sees.
  if (candidate.order) return probes + Math.min(candidate.size, needed / (density / 4 ** Math.max(0, candidate.undecided - 1)));
  return probes + candidate.size * (sorted ? 1.2 : 1);
}

/** A top-level search for plain text on a field with a substring index, run right away: its hit count is what the plan costs. */
function textSearch(source: PlannerSource, filter: Filter): TextSearch | undefined {
  for (const index of source.substringIndexes) {
    const text = searchedText(filter[index.field]);
    if (text === undefined || !SubstringIndex.canSearch(text)) continue;
    return { index, text, hits: index.search(text), rest: without(filter, [index.field]) };
  }
  return undefined;
}

type TextSearch = Pick<SubstringPlan, 'index' | 'text' | 'hits' | 'rest'>;

function substringPlan(
  source: PlannerSource,
  search: TextSearch,
  page: Page,
  needed: number,
  density: number,
): { plan: SubstringPlan; cost: number } {
  const { index, hits, rest } = search;
  const undecided = index.undecided.size;
  const sorted = Object.keys(page.sort ?? {}).length > 0;
  const restPlan = plan(source, rest, sorted ? page : {});
  const ordered = restPlan.kind === 'index' && restPlan.order && restPlan.ranges.length === 1 && !restPlan.index.isMultikey ? restPlan : undefined;
  // Gathering the hits into a set costs a little per hit (once per remembered search); the walk then checks the set, not the document.
  const walkCost = ordered ? hits.length / 20 + Math.min(ordered.size, needed / density) / 2 : Infinity;
  const sortCost = (hits.length + undecided) * (sorted ? 1.2 : 1);
  const walk = sorted && walkCost < sortCost ? ordered : undefined;
  const countable = !sorted && needed === Infinity && restPlan.kind === 'index' && restPlan.exact ? restPlan : undefined;
  const complementCost = countable ? index.size - hits.length + index.absent.size + 2 * undecided : Infinity;
  const complement = complementCost < sortCost ? countable : undefined;
  return { plan: { kind: 'substring', index, text: search.text, hits, rest, walk, complement }, cost: Math.min(walk ? walkCost : sortCost, complementCost) };
}

/** The index plan for one index, or undefined when the index helps neither to narrow nor to order. */
function indexPlan(index: SortedIndex, filter: Filter, analysis: FilterAnalysis, sortFields: [string, 1 | -1][]): IndexPlan | undefined {
  const { fields } = index;
  let probes: unknown[][] = [[]];
  let equalityFields = 0;
  for (; equalityFields < fields.length; equalityFields++) {
    const listed = analysis.fields.get(fields[equalityFields]!)?.equals;
    if (!listed || listed.length * probes.length > MAX_PROBES) break;
    // `$in: [1, 1]` looks 1 up once: probes of a plain index must not overlap.
    const equals = distinctValues(listed);
    probes = probes.flatMap((prefix) => equals.map((value) => [...prefix, value]));
  }
  const rangeField = fields[equalityFields];
  const rangeConstraint = rangeField === undefined || index.isMultikey ? undefined : analysis.fields.get(rangeField);
  const ranged = rangeConstraint !== undefined && !rangeConstraint.equals && (rangeConstraint.lower !== undefined || rangeConstraint.upper !== undefined);
  const order = sortOrder(index, fields.slice(equalityFields), sortFields, probes.length, analysis);
  // An index that neither narrows nor gives the sort would only add a walk to a scan.
  if (equalityFields === 0 && !ranged && (order === false || order === 'any')) return undefined;

  const used = new Set(fields.slice(0, equalityFields + (ranged ? 1 : 0)));
  const exact =
    analysis.exact && !index.isMultikey && [...analysis.fields].every(([field, constraint]) => used.has(field) && constraint.exact);
  const ranges = probes.map((prefix) => {
    if (!ranged) return index.range({ values: prefix, inclusive: true }, { values: prefix, inclusive: true });
    const [start, end] = rangeBounds(index, prefix, rangeConstraint);
    return index.range(start, end);
  });
  const size = ranges.reduce((total, range) => total + range.end - range.start, 0) + index.anyKeyCandidates.size;
  const undecided = [...analysis.fields.keys()].filter((field) => !used.has(field)).length;
  return { kind: 'index', index, ranges, order, exact, unbounded: equalityFields === 0 && !ranged, size, residual: withoutDecided(filter, decidedFields(index, used, analysis)), undecided };
}

/**
 * The fields whose every condition the index's ranges already hold for each entry they contain.
 * On a multikey index that is equality alone (an entry is filed per array element, and an array
 * equals a value when an element does); documents filed under every key decide nothing.
 */
function decidedFields(index: SortedIndex, used: ReadonlySet<string>, analysis: FilterAnalysis): string[] {
  if (index.anyKeyCandidates.size > 0) return [];
  return [...used].filter((field) => {
    const constraint = analysis.fields.get(field)!;
    return constraint.exact && (!index.isMultikey || (constraint.equals !== undefined && !constraint.lower && !constraint.upper));
  });
}

/**
 * The filter without the conditions on `fields`, at its top level and in its `$and` clauses: the
 * analysis found each of these fields constrained once in all of them, and exactly.
 */
function withoutDecided(filter: Filter, fields: readonly string[]): Filter {
  if (fields.length === 0) return filter;
  const rest: Filter = {};
  for (const key in filter) {
    const condition = filter[key];
    if (fields.includes(key)) continue;
    if (key === '$and' && Array.isArray(condition) && condition.every(isPlainObject)) {
      const clauses = condition.map((clause) => withoutDecided(clause as Filter, fields)).filter((clause) => Object.keys(clause).length > 0);
      if (clauses.length > 0) rest[key] = clauses;
    } else rest[key] = condition;
  }
  return rest;
}

/** The filter without some of its top-level fields (a field that came from an `$and` clause stays there). */
function without(filter: Filter, fields: readonly string[]): Filter {
  if (fields.length === 0) return filter;
  const rest: Filter = {};
  for (const key in filter) if (!fields.includes(key)) rest[key] = filter[key];
  return rest;
}

function distinctValues(values: readonly unknown[]): unknown[] {
  if (values.length < 2) return [...values];
  const sorted = [...values].sort(compareValues);
  return sorted.filter((value, i) => i === 0 || compareValues(sorted[i - 1], value) !== 0);
}

/** A range's two ends in index order: a descending field walks from the upper value down. */
function rangeBounds(index: SortedIndex, prefix: unknown[], constraint: NonNullable<ReturnType<FilterAnalysis['fields']['get']>>): [RangeBound, RangeBound] {
  const lower = { values: [...prefix, constraint.lower!.value], inclusive: constraint.lower!.inclusive };
  const upper = { values: [...prefix, constraint.upper!.value], inclusive: constraint.upper!.inclusive };
  return index.directions[prefix.length] === 1 ? [lower, upper] : [upper, lower];
}

/**
 * Whether walking the index gives the requested sort: the index fields after
 * those pinned to one value must be exactly the sort's fields, all in the
 * index's directions or all reversed. Then ties in the sort are ties in the
 * index, which keeps them in natural order, as a sort would.
 */
function sortOrder(index: SortedIndex, rest: readonly string[], sortFields: [string, 1 | -1][], probes: number, analysis: FilterAnalysis): IndexPlan['order'] {
  if (sortFields.length === 0) return 'any';
  if (index.isMultikey || probes > 1) return false;
  const pinned = new Set(index.fields.slice(0, index.fields.length - rest.length));
  const wanted = sortFields.filter(([field]) => !(pinned.has(field) && analysis.fields.get(field)?.equals?.length === 1));
  if (wanted.length !== rest.length || wanted.some(([field], i) => field !== rest[i])) return false;
  // Nothing left to sort by once the pinned fields are dropped: equal keys walk in natural order.
  if (wanted.length === 0) return 'forward';
  const offset = index.fields.length - rest.length;
  const relative = wanted.map(([, direction], i) => direction * index.directions[offset + i]!);
  if (relative.every((r) => r === 1)) return 'forward';
  if (relative.every((r) => r === -1)) return 'backward';
  return false;
}

function unionPlan(source: PlannerSource, branches: Filter[]): { branches: CandidatePlan[]; size: number } | undefined {
  const plans: CandidatePlan[] = [];
  let size = 0;
  for (const branch of branches) {
    const branchPlan = plan(source, branch);
    if (branchPlan.kind === 'collection' || branchPlan.kind === 'union' || branchPlan.kind === 'substring' || (branchPlan.kind === 'index' && branchPlan.unbounded)) return undefined;
    plans.push(branchPlan);
    size += branchPlan.kind === 'ids' ? branchPlan.ids.length : branchPlan.size;
  }
  return { branches: plans, size };
}

/** True when the plan may examine every document: what the scan report is about. */
export function scansCollection(chosen: Plan, filter: Filter, page: Page): boolean {
  if (chosen.kind === 'collection') return !isEmptyFilter(filter) || Object.keys(page.sort ?? {}).length > 0 || !((page.limit ?? 0) > 0);
  return chosen.kind === 'index' && chosen.unbounded && !chosen.exact;
}

// ---------------------------------------------------------------- running a plan

/** The stored documents matching the filter, sorted, skipped and limited. */
export function findDocuments(source: PlannerSource, filter: Filter, page: Page, chosen: Plan = plan(source, filter, page)): Document[] {
  const skip = page.skip ?? 0;
  const limit = (page.limit ?? 0) > 0 ? page.limit! : Infinity;
  const sort = page.sort && Object.keys(page.sort).length > 0 ? page.sort : undefined;
  if (chosen.kind === 'substring') return findSearched(source, chosen, filter, skip, limit, sort);
  if (chosen.kind === 'index' && chosen.order && chosen.ranges.length === 1 && !chosen.index.isMultikey && (sort || limit !== Infinity)) {
    return walkInOrder(source, chosen, filter, skip, limit);
  }
  const matcher = needsEvaluation(chosen) ? compileFilter(evaluated(chosen, filter)) : undefined;
  if (!sort && limit !== Infinity && chosen.kind !== 'ids') return firstMatches(candidatesOf(source, chosen), matcher, exclusionsOf(source, chosen, filter), skip + limit).slice(skip);
  const matched = matching(source, chosen, filter, matcher);
  const ordered = sort ? sortDocuments(matched, sort) : matched;
  return skip > 0 || limit !== Infinity ? ordered.slice(skip, limit === Infinity ? undefined : skip + limit) : ordered;
}

export function countDocuments(source: PlannerSource, filter: Filter, chosen: Plan = plan(source, filter)): number {
  if (chosen.kind === 'index' && chosen.exact) {
    const excluded = exclusionsOf(source, chosen, filter);
    let count = chosen.size;
    for (const record of excluded ?? []) if (inRanges(chosen, record)) count--;
    return count;
  }
  if (chosen.kind === 'collection' && isEmptyFilter(filter)) return source.size;
  if (chosen.kind === 'substring') return countSearched(source, chosen, filter);
  const matcher = needsEvaluation(chosen) ? compileFilter(evaluated(chosen, filter)) : undefined;
  const excluded = exclusionsOf(source, chosen, filter);
  let count = 0;
  const tally = (record: StoredRecord) => {
    if (!excluded?.has(record) && (!matcher || matcher(record.doc))) count++;
  };
  // One range of a plain index is counted as it is walked, without gathering a list of its records first.
  if (chosen.kind === 'index' && !chosen.index.isMultikey) {
    for (const range of chosen.ranges) chosen.index.forEach(range, tally);
    for (const record of chosen.index.anyKeyCandidates) tally(record);
  } else for (const record of candidatesOf(source, chosen)) tally(record);
  return count;
}

function needsEvaluation(chosen: Plan): boolean {
  return chosen.kind === 'union' || chosen.kind === 'collection' || chosen.kind === 'substring' || !chosen.exact;
}

/**
 * A page of a text search: read off an index in the requested order admitting
 * only the hits, when matches are common enough for the page to fill soon;
 * otherwise the hits that match the rest of the filter, sorted.
 */
function findSearched(source: PlannerSource, chosen: SubstringPlan, filter: Filter, skip: number, limit: number, sort: Sort | undefined): Document[] {
  const undecided = matchingUndecided(chosen, filter);
  if (chosen.walk) {
    const hits = chosen.index.hitSet(chosen.text);
    const admittedUndecided = new Set(undecided);
    return walkInOrder(source, chosen.walk, chosen.rest, skip, limit, (record) => hits.has(record) || admittedUndecided.has(record));
  }
  const rest = compileFilter(chosen.rest);
  const records = chosen.hits.filter((record) => rest(record.doc)).concat(undecided);
  records.sort((a, b) => a.seq - b.seq);
  const matched = records.map((record) => record.doc);
  const ordered = sort ? sortDocuments(matched, sort) : matched;
  return ordered.slice(skip, limit === Infinity ? undefined : skip + limit);
}

/**
 * The hits that match the rest of the filter; or, when that is cheaper, what
 * an index counts for the rest less the records that miss the text.
 */
function countSearched(source: PlannerSource, chosen: SubstringPlan, filter: Filter): number {
  const { index, hits, complement } = chosen;
  let count = matchingUndecided(chosen, filter).length;
  // The same search under the same rest (one audience's list) is counted once and then kept up to date by the index.
  if (!complement) return count + index.countHits(chosen.text, filterKey(chosen.rest), () => compileFilter(chosen.rest));
  const rest = compileFilter(chosen.rest);
  count += countDocuments(source, chosen.rest, complement);
  for (const missing of [index.others(hits), index.absent, index.undecided]) {
    for (const record of missing) if (rest(record.doc)) count--;
  }
  return count;
}

/** A text naming a filter exactly: unlike plain JSON, regexes, dates and undefined keep what sets them apart. */
function filterKey(filter: Filter): string {
  return JSON.stringify(filter, function (this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    if (original instanceof RegExp) return { $regexp: original.source, flags: original.flags };
    if (original instanceof Date) return { $date: original.getTime() };
    return original === undefined ? { $undefined: true } : value;
  });
}

/** Records whose searched field holds something other than a string (an array of names, say): the whole filter decides. */
function matchingUndecided(chosen: SubstringPlan, filter: Filter): StoredRecord[] {
  if (chosen.index.undecided.size === 0) return [];
  const matcher = compileFilter(filter);
  return [...chosen.index.undecided].filter((record) => matcher(record.doc));
}

/** What must still be checked on each candidate the plan yields. */
function evaluated(chosen: Plan, filter: Filter): Filter {
  return chosen.kind === 'index' ? chosen.residual : filter;
}

/** The matches in natural order, which is also how a sort orders ties. */
function matching(source: PlannerSource, chosen: Plan, filter: Filter, matcher: ((document: Document) => boolean) | undefined): Document[] {
  const excluded = exclusionsOf(source, chosen, filter);
  const records: StoredRecord[] = [];
  for (const record of candidatesOf(source, chosen)) {
    if (excluded?.has(record) || (matcher && !matcher(record.doc))) continue;
    records.push(record);
  }
  // Lookups give candidates in key or request order; a collection scan's natural order is the reference.
  if (chosen.kind !== 'collection') records.sort((a, b) => a.seq - b.seq);
  return records.map((record) => record.doc);
}

function firstMatches(
  candidates: Iterable<StoredRecord>,
  matcher: ((document: Document) => boolean) | undefined,
  excluded: ReadonlySet<StoredRecord> | undefined,
  wanted: number,
): Document[] {
  const found: Document[] = [];
  for (const record of candidates) {
    if (excluded?.has(record) || (matcher && !matcher(record.doc))) continue;
    if (found.push(record.doc) >= wanted) break;
  }
  return found;
}

/** Every record the plan may match, each once. */
function* candidatesOf(source: PlannerSource, chosen: Plan): Iterable<StoredRecord> {
  switch (chosen.kind) {
    case 'collection':
      yield* source.records();
      return;
    case 'ids':
      yield* recordsWithIds(source, chosen.ids);
      return;
    case 'index':
      yield* indexCandidates(chosen);
      return;
    case 'substring':
      yield* chosen.hits;
      yield* chosen.index.undecided;
      return;
    case 'union': {
      const seen = new Set<StoredRecord>();
      for (const branch of chosen.branches) {
        for (const record of branch.kind === 'ids' ? recordsWithIds(source, branch.ids) : indexCandidates(branch)) {
          if (seen.has(record)) continue;
          seen.add(record);
          yield record;
        }
      }
    }
  }
}

function* recordsWithIds(source: PlannerSource, ids: readonly Id[]): Iterable<StoredRecord> {
  const unique = ids.length > 1 ? new Set(ids) : ids;
  for (const id of unique) {
    const record = source.record(id);
    if (record) yield record;
  }
}

function indexCandidates(chosen: IndexPlan): StoredRecord[] {
  const records: StoredRecord[] = [];
  // A multikey document is filed under several keys; several probes of a plain index never overlap.
  const seen = chosen.index.isMultikey ? new Set<StoredRecord>() : undefined;
  const collect = (record: StoredRecord) => {
    if (seen) {
      if (seen.has(record)) return;
      seen.add(record);
    }
    records.push(record);
  };
  for (const range of chosen.ranges) chosen.index.forEach(range, collect);
  for (const record of chosen.index.anyKeyCandidates) collect(record);
  return records;
}

/** The records an exact plan must leave out for `_id: {$nin: [...]}`; inexact plans evaluate that with the rest. */
function exclusionsOf(source: PlannerSource, chosen: Plan, filter: Filter): Set<StoredRecord> | undefined {
  if (chosen.kind !== 'index' || !chosen.exact) return undefined;
  const ids = analyzeFilter(filter).excludedIds;
  if (!ids || ids.length === 0) return undefined;
  return new Set([...recordsWithIds(source, ids)]);
}

function inRanges(chosen: IndexPlan, record: StoredRecord): boolean {
  const position = chosen.index.positionOf(record);
  return position !== undefined && chosen.ranges.some((range) => position >= range.start && position < range.end);
}

/**
 * A page read straight off the index in the requested order. When the plan is
 * exact the page starts by position (a jump, however deep the page), moved on
 * past any excluded `_id` that comes before it; otherwise entries are checked
 * one by one until the page is full.
 */
function walkInOrder(
  source: PlannerSource,
  chosen: IndexPlan,
  filter: Filter,
  skip: number,
  limit: number,
  admits?: (record: StoredRecord) => boolean,
): Document[] {
  const range = chosen.ranges[0]!;
  const backwards = chosen.order === 'backward';
  const excluded = exclusionsOf(source, chosen, filter);
  // Backwards, ties must still come in natural order: only a jump over unique keys keeps that for free.
  if (chosen.exact && !admits && (!backwards || chosen.index.keysAreUnique)) {
    const start = startPosition(chosen, range, skip, excluded, backwards);
    const page: Document[] = [];
    const window = backwards ? { start: range.start, end: start } : { start, end: range.end };
    chosen.index.forEach(window, (record) => {
      if (excluded?.has(record)) return true;
      return page.push(record.doc) < limit;
    }, backwards);
    return page;
  }
  const matcher = chosen.exact ? undefined : compileFilter(chosen.residual);
  const page: Document[] = [];
  let toSkip = skip;
  const accept = (record: StoredRecord): boolean => {
    if ((admits && !admits(record)) || excluded?.has(record) || (matcher && !matcher(record.doc))) return true;
    if (toSkip > 0) {
      toSkip--;
      return true;
    }
    return page.push(record.doc) < limit;
  };
  if (backwards) walkBackwardsKeepingTies(chosen.index, range, accept);
  else chosen.index.forEach(range, accept);
  return page;
}

/** Where an exact page starts: `skip` entries in, plus the excluded entries met on the way. */
function startPosition(chosen: IndexPlan, range: IndexRange, skip: number, excluded: ReadonlySet<StoredRecord> | undefined, backwards: boolean): number {
  // Distance from the walk's first entry, for each excluded record inside the range.
  const offsets = [...(excluded ?? [])]
    .map((record) => chosen.index.positionOf(record))
    .filter((position): position is number => position !== undefined && position >= range.start && position < range.end)
    .map((position) => (backwards ? range.end - 1 - position : position - range.start))
    .sort((a, b) => a - b);
  let distance = skip;
  for (const offset of offsets) if (offset <= distance) distance++;
  return backwards ? Math.max(range.start, range.end - distance) : Math.min(range.end, range.start + distance);
}

/** Walks a range backwards, but hands out each run of equal keys in natural (forward) order. */
function walkBackwardsKeepingTies(index: SortedIndex, range: IndexRange, visit: (record: StoredRecord) => boolean): void {
  let run: StoredRecord[] = [];
  let runEntry: IndexEntry | undefined;
  let stopped = false;
  const flush = () => {
    for (let i = run.length - 1; i >= 0 && !stopped; i--) if (!visit(run[i]!)) stopped = true;
    run = [];
  };
  index.forEach(range, (record, entry) => {
    if (runEntry && !index.tied(runEntry, entry)) flush();
    if (stopped) return false;
    runEntry = entry;
    run.push(record);
    return true;
  }, true);
  if (!stopped) flush();
}
