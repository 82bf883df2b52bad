import { NotFoundError, PermissionDeniedError, ValidationError, type WebhookDeliveryEvent, type WebhookEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given, NOW } from '../kernel/given-when-then.ts';
import { accessGranting, accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { SYSTEM_ACTOR } from '../kernel/decider.ts';
import { deliveryDecider, webhookDecider, type AttemptOutcome, type WebhookFields } from './decide.ts';

const { member, stranger, superuser } = actors;
const ci: WebhookFields = { projectId: 3, name: 'CI', url: 'https://ci.example.com/hook', events: ['result.failed'], isActive: true };
const created: WebhookEvent = { type: 'WebhookCreated', data: { id: 4, ...ci, sealedSecret: 'v1.sealed', uid: 'uid-4' } };
const create = { type: 'Create' as const, id: 4, fields: ci, sealedSecret: 'v1.sealed', uid: 'uid-4' };
/** A member whose role grants change_project: the project's manager. */
const manager = accessGranting(['view_project', 'change_project']);

describe('webhooks of a project', () => {
  it('are created, changed where they differ, given new secrets, pinged and deleted by the project’s managers', () => {
    expect(given(webhookDecider, []).when(create, member, manager)).toEqual([created]);
    expect(
      given(webhookDecider, [created]).when({ type: 'Change', id: 4, changes: { name: 'CI', isActive: false } }, member, manager),
    ).toEqual([{ type: 'WebhookChanged', data: { id: 4, isActive: false } }]);
    expect(
      given(webhookDecider, [created]).when({ type: 'Change', id: 4, changes: { events: ['result.failed'] } }, member, manager),
    ).toEqual([]);
    expect(given(webhookDecider, [created]).when({ type: 'RotateSecret', id: 4, sealedSecret: 'v1.new' }, member, manager)).toEqual([
      { type: 'WebhookSecretRotated', data: { id: 4, sealedSecret: 'v1.new' } },
    ]);
    expect(given(webhookDecider, [created]).when({ type: 'Ping', id: 4 }, member, manager)).toEqual([
      { type: 'WebhookPinged', data: { id: 4 } },
    ]);
    expect(given(webhookDecider, [created]).when({ type: 'Delete', id: 4 }, member, manager)).toEqual([
      { type: 'WebhookDeleted', data: { id: 4 } },
    ]);
  });

  it('keep names unique in the project, and a deleted one’s id is never made again', () => {
    const again = () => given(webhookDecider, [created]).when({ ...create, id: 5 }, member, manager);
    expect(fieldErrorsOf(again)).toEqual({ name: ['A webhook with this name already exists in the project.'] });
    const deleted: WebhookEvent[] = [created, { type: 'WebhookDeleted', data: { id: 4 } }];
    expect(given(webhookDecider, deleted).when({ ...create, id: 5 }, member, manager)).toHaveLength(1);
    expect(given(webhookDecider, deleted).when(create, member, manager)).toEqual([]);
    expect(() => given(webhookDecider, deleted).when({ type: 'Ping', id: 4 }, member, manager)).toThrow(NotFoundError);
  });

  it('are not pinged while turned off', () => {
    const off: WebhookEvent = { type: 'WebhookChanged', data: { id: 4, isActive: false } };
    expect(() => given(webhookDecider, [created, off]).when({ type: 'Ping', id: 4 }, member, manager)).toThrow(ValidationError);
  });

  it('are the managers’ only: every user of a public project works with its objects (K8), not its webhooks', () => {
    const everyObject = accessGranting(['view_project', 'add_testresult', 'add_projectintegration']);
    expect(() => given(webhookDecider, []).when(create, member, everyObject)).toThrow(PermissionDeniedError);
    expect(() => given(webhookDecider, []).when(create, member, accessTo(member))).toThrow(PermissionDeniedError);
    expect(() => given(webhookDecider, []).when(create, stranger, accessTo(stranger, { isPrivate: true }))).toThrow(PermissionDeniedError);
    expect(() => given(webhookDecider, []).when(create, member, accessTo(member, { deleted: true }))).toThrow(NotFoundError);
    expect(
      given(webhookDecider, []).when(create, member, accessTo(member, { isPrivate: true, members: { [member.userId]: [1] } })),
    ).toEqual([created]);
    expect(given(webhookDecider, []).when(create, superuser, accessTo(superuser, { isPrivate: true }))).toEqual([created]);
    expect(() => given(webhookDecider, []).when(create, member, accessGranting(['change_project'], { isArchive: true }))).toThrow(
      PermissionDeniedError,
    );
  });
});

const ref = { deliveryId: 'd-1', webhookId: 4, projectId: 3 };
const LATER = '2026-01-02T03:05:05.000Z';
const EARLIER = '2026-01-02T03:04:00.000Z';
const started = (attempt: number, leaseUntil = LATER): WebhookDeliveryEvent => ({
  type: 'WebhookDeliveryStarted',
  data: { ...ref, attempt, leaseUntil },
});
const outcome: AttemptOutcome = { delivered: false, statusCode: 500, error: null, durationMs: 12, response: 'oops', retryAt: LATER };
const attempted = (attempt: number, changes: Partial<AttemptOutcome> = {}): WebhookDeliveryEvent => ({
  type: 'WebhookDeliveryAttempted',
  data: { ...ref, attempt, ...outcome, ...changes },
});
const claim = (attempt: number) => ({ type: 'Claim' as const, ...ref, attempt, leaseUntil: LATER });
const record = (attempt: number, changes: Partial<AttemptOutcome> = {}) => ({
  type: 'Record' as const,
  ...ref,
  attempt,
  ...outcome,
  ...changes,
});

describe('a delivery’s attempts', () => {
  it('grant the next attempt’s claim once, while it holds; a lapsed claim is granted again (the sender died)', () => {
    expect(given(deliveryDecider, []).when(claim(1), SYSTEM_ACTOR)).toEqual([started(1)]);
    expect(given(deliveryDecider, [started(1)]).when(claim(1), SYSTEM_ACTOR)).toEqual([]);
    expect(given(deliveryDecider, [started(1, EARLIER)]).when(claim(1), SYSTEM_ACTOR)).toEqual([started(1)]);
    expect(EARLIER < NOW && NOW < LATER).toBe(true);
    // A stale reader asks for an attempt already recorded, or one ahead: refused.
    expect(given(deliveryDecider, [started(1), attempted(1)]).when(claim(1), SYSTEM_ACTOR)).toEqual([]);
    expect(given(deliveryDecider, []).when(claim(2), SYSTEM_ACTOR)).toEqual([]);
  });

  it('record the claimed attempt’s outcome once; delivered or given up is done', () => {
    expect(given(deliveryDecider, [started(1)]).when(record(1), SYSTEM_ACTOR)).toEqual([attempted(1)]);
    expect(given(deliveryDecider, [started(1), attempted(1)]).when(record(1), SYSTEM_ACTOR)).toEqual([]);
    expect(given(deliveryDecider, []).when(record(1), SYSTEM_ACTOR)).toEqual([]);
    expect(given(deliveryDecider, [started(1)]).when(record(1, { delivered: true, statusCode: 200 }), SYSTEM_ACTOR)).toEqual([
      attempted(1, { delivered: true, statusCode: 200, retryAt: null }),
    ]);
    const done = [started(1), attempted(1, { delivered: true, statusCode: 200, retryAt: null })];
    expect(given(deliveryDecider, done).when(claim(2), SYSTEM_ACTOR)).toEqual([]);
    const givenUp = [started(1), attempted(1, { retryAt: null })];
    expect(given(deliveryDecider, givenUp).when(claim(2), SYSTEM_ACTOR)).toEqual([]);
  });

  it('are claimed and recorded by the sender only; a manager requeues one that is done', () => {
    expect(() => given(deliveryDecider, []).when(claim(1), member, manager)).toThrow(PermissionDeniedError);
    const givenUp = [started(1), attempted(1, { retryAt: null })];
    const requeue = { type: 'Requeue' as const, ...ref };
    expect(given(deliveryDecider, givenUp).when(requeue, member, manager)).toEqual([{ type: 'WebhookDeliveryRequeued', data: ref }]);
    expect(given(deliveryDecider, [...givenUp, { type: 'WebhookDeliveryRequeued', data: ref }]).when(claim(2), SYSTEM_ACTOR)).toEqual([
      started(2),
    ]);
    expect(() => given(deliveryDecider, [started(1)]).when(requeue, member, manager)).toThrow(ValidationError);
    expect(() => given(deliveryDecider, givenUp).when(requeue, member, accessGranting(['view_project']))).toThrow(PermissionDeniedError);
  });
});
