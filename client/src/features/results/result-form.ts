import {
  StatusType,
  type Attachment,
  type CaseDetail,
  type CustomAttribute,
  type Result,
  type ResultCreateBody,
  type ResultPatchBody,
  type Status,
} from '@testament/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { attributeKey, attributeText, readAttributeValue } from '../../entities/custom-attribute/attribute-value.ts';
import type { AttributeType } from '../../entities/custom-attribute/custom-attribute.ts';

/** The drawer's result forms (tests-and-results §2): a new result, a change to one, or a new one started from an old one. */
export type ResultMode = 'add' | 'edit' | 'clone';

/** One step of the case version a result is on; an edited result's step results have ids of their own. */
export interface StepRow {
  step: number;
  name: string;
  id?: number;
}

export interface ResultFormValues {
  status: number | null;
  comment: string;
  /** A status per step, by `stepKey`. */
  steps: Record<string, number | null>;
  /** Attribute values as typed, by `attributeKey` (a list is one item per line). */
  attributes: Record<string, string>;
  attachments: Attachment[];
}

export const stepKey = (step: number) => `step${step}`;

/** What the form starts from: the case (its current version) and, to edit or clone, the result. */
export interface ResultFormStart {
  mode: ResultMode;
  found: CaseDetail;
  source: Result | null;
  /** The project's default status (§3.1 settings), chosen for a new result. */
  defaultStatus: number | null;
  /** The project's attributes: those for results get a field each. */
  attributes: readonly CustomAttribute[];
}

/**
 * The project's result attributes that fit a result of this suite with this
 * status (§4.17): no suite list means every suite, no status list any status.
 */
export function resultAttributesFor(attributes: readonly CustomAttribute[], suiteId: number, statusId: number | null): CustomAttribute[] {
  return attributes.filter((attribute) => {
    const target = attribute.applied_to.testresult;
    if (!target?.is_active || attribute.is_deleted) return false;
    const fitsSuite = target.suite_ids.length === 0 || target.suite_ids.includes(suiteId);
    const fitsStatus = target.status_specific.length === 0 || (statusId !== null && target.status_specific.includes(statusId));
    return fitsSuite && fitsStatus;
  });
}

export const isRequiredResultAttribute = (attribute: CustomAttribute) => attribute.applied_to.testresult?.is_required ?? false;

/** An edited result keeps the steps of the version it was made on; a new one takes the case's current steps. */
export function stepRows({ mode, found, source }: Pick<ResultFormStart, 'mode' | 'found' | 'source'>): StepRow[] {
  if (mode === 'edit' && source) {
    return [...source.steps_results]
      .sort((a, b) => a.sort_order - b.sort_order)
      .map((row) => ({ step: row.step, name: row.name, id: row.id }));
  }
  if (!found.is_steps) return [];
  return [...found.steps].sort((a, b) => a.sort_order - b.sort_order).map((step) => ({ step: step.id, name: step.name }));
}

export function resultFormDefaults(start: ResultFormStart): ResultFormValues {
  const { source } = start;
  const stepStatus = (step: number) => source?.steps_results.find((row) => row.step === step)?.status ?? null;
  return {
    status: source ? source.status : start.defaultStatus,
    comment: source?.comment ?? '',
    steps: Object.fromEntries(stepRows(start).map((row) => [stepKey(row.step), stepStatus(row.step)])),
    attributes: Object.fromEntries(
      start.attributes
        .filter((attribute) => attribute.applied_to.testresult)
        .map((attribute) => [attributeKey(attribute), attributeText(source?.attributes[attribute.name])]),
    ),
    attachments: source?.attachments ?? [],
  };
}

/**
 * The status "all steps" gives every step at one click: the project's default status, else the system's Passed; null when the project has
 * neither.
 */
export function allStepsStatus(statuses: readonly Status[], defaultStatus: number | null): Status | null {
  return (
    statuses.find((status) => status.id === defaultStatus) ??
    statuses.find((status) => status.type === StatusType.system && status.name === 'Passed') ??
    null
  );
}

/**
 * Submit (§5): never without a status or while a step lacks one; a new or
 * edited result only once something changed (for a new one, from the default
 * status); a clone starts filled in and may be sent as it is.
 */
export function canSubmit(mode: ResultMode, values: ResultFormValues, changed: boolean): boolean {
  if (values.status === null) return false;
  if (Object.values(values.steps).some((status) => status === null)) return false;
  return mode === 'clone' || changed;
}

/** The attributes that fit the chosen status: required ones must be there, JSON must parse, text must fit (§5). */
export function resultFormSchema(t: TFunction, attributes: readonly CustomAttribute[], suiteId: number) {
  return z.custom<ResultFormValues>().superRefine((values, ctx) => {
    for (const attribute of resultAttributesFor(attributes, suiteId, values.status)) {
      const key = attributeKey(attribute);
      const read = readAttributeValue(attribute.type as AttributeType, values.attributes[key] ?? '', isRequiredResultAttribute(attribute));
      if (!read.ok)
        ctx.addIssue({ code: 'custom', path: ['attributes', key], message: read.values ? t(read.message, read.values) : read.message });
    }
  });
}

/** The typed values of the attributes that fit, by name; emptied ones are left out (`base` keeps what the result had besides). */
function attributeValues(
  values: ResultFormValues,
  attributes: readonly CustomAttribute[],
  suiteId: number,
  base: Record<string, unknown> = {},
): Record<string, unknown> {
  const chosen: Record<string, unknown> = { ...base };
  for (const attribute of resultAttributesFor(attributes, suiteId, values.status)) {
    const read = readAttributeValue(attribute.type as AttributeType, values.attributes[attributeKey(attribute)] ?? '', false);
    if (read.ok && read.value !== undefined) chosen[attribute.name] = read.value;
    else delete chosen[attribute.name];
  }
  return chosen;
}

/** `POST results/` (§7): the status, the comment, a status per step, the attributes and the files. */
export function createBody(
  testId: number,
  values: ResultFormValues,
  rows: readonly StepRow[],
  attributes: readonly CustomAttribute[],
  suiteId: number,
): ResultCreateBody {
  return {
    test: testId,
    status: values.status ?? 0,
    comment: values.comment,
    attachments: values.attachments.map((file) => file.id),
    attributes: attributeValues(values, attributes, suiteId),
    ...(rows.length > 0 ? { steps_results: rows.map((row) => ({ step: row.step, status: values.steps[stepKey(row.step)] ?? 0 })) } : {}),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `PATCH results/{id}/` (§7): the test and the comment, and of the other
 * fields only those that changed, so a comment can still be edited once the
 * edit limit has closed the rest (§4.10). Step results carry their ids.
 */
export function patchBody(
  testId: number,
  values: ResultFormValues,
  source: Result,
  rows: readonly StepRow[],
  attributes: readonly CustomAttribute[],
  suiteId: number,
): ResultPatchBody {
  const body: ResultPatchBody = { test: testId, comment: values.comment };
  if (values.status !== null && values.status !== source.status) body.status = values.status;
  const steps = rows.map((row) => ({
    ...(row.id === undefined ? {} : { id: row.id }),
    step: row.step,
    status: values.steps[stepKey(row.step)] ?? 0,
  }));
  if (
    !same(
      steps.map((row) => row.status),
      rows.map((row) => source.steps_results.find((kept) => kept.step === row.step)?.status),
    )
  )
    body.steps_results = steps;
  const chosen = attributeValues(values, attributes, suiteId, source.attributes);
  if (!same(chosen, source.attributes)) body.attributes = chosen;
  const files = values.attachments.map((file) => file.id);
  if (
    !same(
      files,
      source.attachments.map((file) => file.id),
    )
  )
    body.attachments = files;
  return body;
}

/** The names a server message about required attributes lists: "Missing following required attributes: ['a', 'b']" (§4.17). */
export function attributeNamesIn(message: string): string[] {
  const listed = /\[(.*)\]$/.exec(message)?.[1];
  if (!listed) return [];
  return [...listed.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((match) => match[1]!);
}
