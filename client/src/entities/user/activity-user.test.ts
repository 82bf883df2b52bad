import { describe, expect, it } from 'vitest';
import { userProfilePath } from './activity-user.ts';

const superuser = { username: 'root', is_superuser: true };
const tester = { username: 'alice', is_superuser: false };

describe('a record’s author (cases-and-plans §2)', () => {
  it('shows admin, ci and unknown as plain text, even to themselves', () => {
    for (const name of ['admin', 'ci', 'unknown']) {
      expect(userProfilePath(name, superuser)).toBeNull();
      expect(userProfilePath(name, { username: name, is_superuser: true })).toBeNull();
    }
  });

  it('links the reader to their own profile, and a superuser to anyone on the users page', () => {
    expect(userProfilePath('alice', tester)).toBe('/profile');
    expect(userProfilePath('bob smith', superuser)).toBe('/administration/users?username=bob+smith');
    expect(userProfilePath('bob', tester)).toBeNull();
  });
});
