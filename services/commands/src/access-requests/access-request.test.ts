import { NotFoundError, PermissionDeniedError, ValidationError, type AccessRequestEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import type { ProjectAccess } from '../kernel/project-access.ts';
import { accessRequestDecider } from './decide.ts';

const bob = { userId: 8, isSuperuser: false, isExternal: false };
const access = (canView: boolean, exists = true): ProjectAccess => ({
  projectId: 3,
  exists,
  isArchive: false,
  canView,
  can: () => canView,
  canManage: false,
});
const request = { type: 'RequestAccess' as const, projectId: 3, userId: 8, reason: 'I test it' };
const requested: AccessRequestEvent = { type: 'AccessRequested', data: { projectId: 3, userId: 8, reason: 'I test it' } };
const resolved: AccessRequestEvent = { type: 'AccessRequestResolved', data: { projectId: 3, userId: 8 } };

/** The decider reads the caller's access to the project from its context, as the handler provides it. */
const when = (history: AccessRequestEvent[], project: ProjectAccess, actor = bob) =>
  given(accessRequestDecider, history).when(request, actor, { project });

describe('access request decider', () => {
  it('records a request to a project the caller cannot see', () => {
    expect(when([], access(false))).toEqual([requested]);
  });

  it('refuses a second request while one is pending, and accepts one after it was answered', () => {
    expect(() => when([requested], access(false))).toThrow(ValidationError);
    expect(when([requested, resolved], access(false))).toEqual([requested]);
  });

  it('refuses a request from somebody who can already see the project', () => {
    expect(() => when([], access(true))).toThrow(expect.objectContaining({ fields: { errors: ['You can already view this project.'] } }));
  });

  it('answers 404 for a project that does not exist, and refuses requests made for somebody else', () => {
    expect(() => when([], access(false, false))).toThrow(NotFoundError);
    expect(() => when([], access(false), { ...bob, userId: 9 })).toThrow(PermissionDeniedError);
  });

  it('resolves a pending request once, and nothing else', () => {
    const resolve = { type: 'ResolveAccessRequest' as const, projectId: 3, userId: 8 };
    expect(given(accessRequestDecider, [requested]).when(resolve, bob)).toEqual([resolved]);
    expect(given(accessRequestDecider, [requested, resolved]).when(resolve, bob)).toEqual([]);
    expect(given(accessRequestDecider, []).when(resolve, bob)).toEqual([]);
  });
});
