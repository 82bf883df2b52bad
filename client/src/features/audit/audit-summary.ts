import type { AuditChange, AuditEvent } from '@testament/contracts';
import type { TFunction } from 'i18next';
import { seededName } from '../../i18n/seeded-names.ts';

/** What a summary names of a row. */
export type SummarizedEvent = Pick<AuditEvent, 'action' | 'event_type' | 'object' | 'related' | 'changes' | 'summary'>;

/** A summary names this many changed fields, and how many more there are. */
const FIELDS_NAMED = 3;
/** Bookkeeping every case edit changes: the diff shows it, the summary does not. */
const UNSUMMARIZED = new Set(['version']);
const RESULT_PREFIX = 'result.';
/** Fields whose values are status names, shown as a seeded status's name in the reader's language. */
const STATUS_FIELDS = new Set(['status', 'last_status', `${RESULT_PREFIX}status`]);
/** Actions that take the subtree along: a summary says how many objects went with it. */
const SUBTREE_ACTIONS = new Set<AuditEvent['action']>(['moved', 'archived', 'restored', 'deleted', 'recovered', 'removed']);
/** Field names the texts may know; anything else (`member 7 roles`) is shown as the server names it. */
const PLAIN_FIELD = /^[a-z][a-z_]*$/;

/** A changed field's name in the reader's language: `result.status` is the result's status; an unknown field as it is. */
export function auditFieldLabel(t: TFunction, field: string): string {
  if (field.startsWith(RESULT_PREFIX)) return t('audit.resultField', { field: auditFieldLabel(t, field.slice(RESULT_PREFIX.length)) });
  return PLAIN_FIELD.test(field) ? t(`audit.fields.${field}`, { defaultValue: field }) : field;
}

/** A value as the diff shows it: text as it is, anything else as JSON; null for none. */
export function auditValueText(t: TFunction, field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return STATUS_FIELDS.has(field) ? seededName(t, 'status', value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** Text cut to `max` characters with an ellipsis, so one long scenario does not take the screen. */
export function truncated(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * An event type of the log in the reader's words ("Test case created" for `CaseCreated`); one the app does not know, as the log names it.
 */
export function auditEventName(t: TFunction, type: string): string {
  return t(`audit.eventTypes.${type}`, { defaultValue: type });
}

/** An object's name as rows show it: a bulk operation's is what it does ("Assigning tests"), in the reader's language. */
export function auditObjectName(t: TFunction, object: AuditEvent['object']): string {
  if (object.type === 'bulk_job' && object.name) return t(`bulkJobs.operations.${object.name}`, { defaultValue: object.name });
  return object.name;
}

/** The object as a summary names it: its kind and its name (or number, when it has none). */
function objectPhrase(t: TFunction, object: AuditEvent['object']): string {
  const type = t(`audit.objectOf.${object.type}`, { defaultValue: object.type });
  const name = auditObjectName(t, object);
  return name ? t('audit.summary.named', { type, name }) : t('audit.summary.unnamed', { type, id: object.id });
}

/** The changed fields a summary names: a few, then how many more, as the language lists them. */
function fieldList(t: TFunction, language: string, changes: readonly AuditChange[]): string | null {
  const labels = [...new Set(changes.map((change) => auditFieldLabel(t, change.field).toLocaleLowerCase(language)))];
  if (labels.length === 0) return null;
  const named =
    labels.length > FIELDS_NAMED + 1
      ? [...labels.slice(0, FIELDS_NAMED), t('audit.summary.moreFields', { count: labels.length - FIELDS_NAMED })]
      : labels;
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(named);
}

const afterOf = (changes: readonly AuditChange[], field: string) => changes.find((change) => change.field === field)?.after;

/**
 * A bulk job's events say what the job does and how far it got: started with its items, then progressed, finished or stopped (with why).
 */
function bulkJobSentence(t: TFunction, language: string, event: SummarizedEvent): { text: string; detail: string | null } {
  const operation = auditObjectName(t, event.object).toLocaleLowerCase(language);
  if (event.action === 'created')
    return { text: t('audit.summary.bulkJobStarted', { operation, count: Number(afterOf(event.changes, 'items') ?? 0) }), detail: null };
  const reason = afterOf(event.changes, 'reason');
  const done = afterOf(event.changes, 'done');
  const detail = typeof reason === 'string' ? reason : typeof done === 'number' ? t('audit.summary.bulkJobDone', { count: done }) : null;
  return { text: t('audit.summary.bulkJob', { event: auditEventName(t, event.event_type), operation }), detail };
}

/** The summary itself and what it adds after a colon. */
function sentence(t: TFunction, language: string, event: SummarizedEvent, object: string): { text: string; detail: string | null } | null {
  if (event.object.type === 'bulk_job') return bulkJobSentence(t, language, event);
  const changes = event.changes.filter((change) => !UNSUMMARIZED.has(change.field));
  const ofResult = changes
    .filter((change) => change.field.startsWith(RESULT_PREFIX))
    .map((change) => ({ ...change, field: change.field.slice(RESULT_PREFIX.length) }));
  switch (event.action) {
    case 'changed':
    case 'moved':
      return { text: t(`audit.summary.${event.action}`, { object }), detail: fieldList(t, language, changes) };
    case 'result_added': {
      const status = afterOf(event.changes, `${RESULT_PREFIX}status`);
      return {
        text: t('audit.summary.result_added', { object }),
        detail: typeof status === 'string' ? seededName(t, 'status', status) : null,
      };
    }
    case 'result_changed':
      return { text: t('audit.summary.result_changed', { object }), detail: fieldList(t, language, ofResult) };
    case 'assigned': {
      const assignee = afterOf(event.changes, 'assignee');
      if (assignee === null || assignee === undefined || assignee === '')
        return { text: t('audit.summary.unassigned', { object }), detail: null };
      return { text: t('audit.summary.assigned', { object, assignee: String(assignee) }), detail: null };
    }
    case 'other':
      return { text: t('audit.summary.other', { object, event: auditEventName(t, event.event_type) }), detail: null };
    case 'created':
    case 'archived':
    case 'restored':
    case 'deleted':
    case 'recovered':
    case 'removed':
    case 'result_deleted':
    case 'members_changed':
    case 'signed_in':
    case 'signed_out':
      return { text: t(`audit.summary.${event.action}`, { object }), detail: null };
    default:
      // An action this screen does not know yet: the server's own words.
      return null;
  }
}

/**
 * What a row says happened, in the reader's language, from its action, its object's kind and
 * name, and the fields it changed ("Changed test case “Login”: name and scenario"); the server's
 * English summary for an action the app does not know.
 */
export function auditSummary(t: TFunction, language: string, event: SummarizedEvent): string {
  const said = sentence(t, language, event, objectPhrase(t, event.object));
  if (!said) return event.summary;
  let text = said.detail ? t('audit.summary.withDetail', { summary: said.text, detail: said.detail }) : said.text;
  const subtree = event.related.filter((related) => related.type === event.object.type).length;
  if (subtree > 0 && SUBTREE_ACTIONS.has(event.action)) text = t('audit.summary.related', { summary: text, count: subtree });
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}
