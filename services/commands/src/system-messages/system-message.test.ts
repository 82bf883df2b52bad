import { NotFoundError, PermissionDeniedError, type SystemMessageEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { systemMessageDecider } from './decide.ts';

const admin = { userId: 1, isSuperuser: true, isExternal: false };
const alice = { userId: 7, isSuperuser: false, isExternal: false };
const created: SystemMessageEvent = {
  type: 'SystemMessageCreated',
  data: { messageId: 3, content: 'Maintenance tonight', level: 1, isClosing: true, isActive: true },
};

describe('system message decider', () => {
  it('creates a banner for a superuser only', () => {
    const command = {
      type: 'CreateSystemMessage' as const,
      messageId: 3,
      content: 'Maintenance tonight',
      level: 1 as const,
      isClosing: true,
      isActive: true,
    };
    expect(given(systemMessageDecider, []).when(command, admin)).toEqual([created]);
    expect(() => given(systemMessageDecider, []).when(command, alice)).toThrow(PermissionDeniedError);
  });

  it('records only the fields that change', () => {
    expect(
      given(systemMessageDecider, [created]).when(
        { type: 'ChangeSystemMessage', content: 'Maintenance tonight', isActive: false, level: 1 },
        admin,
      ),
    ).toEqual([{ type: 'SystemMessageChanged', data: { isActive: false } }]);
    expect(given(systemMessageDecider, [created]).when({ type: 'ChangeSystemMessage', isClosing: true }, admin)).toEqual([]);
    expect(() => given(systemMessageDecider, [created]).when({ type: 'ChangeSystemMessage', isActive: false }, alice)).toThrow(
      PermissionDeniedError,
    );
  });

  it('deletes once; a deleted or unknown banner is not found', () => {
    expect(given(systemMessageDecider, [created]).when({ type: 'DeleteSystemMessage' }, admin)).toEqual([
      { type: 'SystemMessageDeleted', data: {} },
    ]);
    const deleted = [created, { type: 'SystemMessageDeleted', data: {} } as SystemMessageEvent];
    expect(() => given(systemMessageDecider, deleted).when({ type: 'DeleteSystemMessage' }, admin)).toThrow(NotFoundError);
    expect(() => given(systemMessageDecider, deleted).when({ type: 'ChangeSystemMessage', content: 'x' }, admin)).toThrow(NotFoundError);
    expect(() => given(systemMessageDecider, []).when({ type: 'ChangeSystemMessage', content: 'x' }, admin)).toThrow(NotFoundError);
  });
});
