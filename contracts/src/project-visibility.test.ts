import { describe, expect, it } from 'vitest';
import { mayViewProject } from './project-visibility.ts';

describe('project visibility (§3.1 is_visible)', () => {
  it('opens public projects to internal users, everything to superusers, and the rest by roles only', () => {
    const cases = [
      // [private, superuser, external, roles grant view] -> visible
      [false, false, false, false, true],
      [true, false, false, false, false],
      [true, false, false, true, true],
      [false, false, true, false, false],
      [false, false, true, true, true],
      [true, true, false, false, true],
      [true, true, true, false, true],
    ] as const;
    for (const [isPrivate, isSuperuser, isExternal, grants, visible] of cases) {
      expect(
        mayViewProject({ id: 7, isPrivate }, { isSuperuser, isExternal }, () => grants),
        JSON.stringify({ isPrivate, isSuperuser, isExternal, grants }),
      ).toBe(visible);
    }
  });

  it('shows a token kept to one project that project alone, whoever holds it', () => {
    const superuser = { isSuperuser: true, isExternal: false, onlyProjectId: 7 };
    expect(mayViewProject({ id: 7, isPrivate: true }, superuser, () => false)).toBe(true);
    expect(mayViewProject({ id: 8, isPrivate: false }, superuser, () => true)).toBe(false);
    expect(mayViewProject({ id: 7, isPrivate: true }, { ...superuser, isSuperuser: false }, () => false)).toBe(false);
  });
});
