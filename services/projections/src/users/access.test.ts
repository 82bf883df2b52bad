import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isProjectManageable, isProjectVisible } from '../projects/queries.ts';
import type { ProjectDocument } from '../projects/project-document.ts';
import type { RoleCatalog } from '../roles/role-catalog.ts';
import { withGrants } from './access.ts';
import type { StoredUserDocument } from './user-document.ts';

const catalog: RoleCatalog = {
  roles: {
    '1': { name: 'Admin', type: 0, permissions: [], codenames: ['view_project', 'change_project'] },
    '2': { name: 'User', type: 0, permissions: [], codenames: ['view_project'] },
  },
};

const admin = [1];
const member = [2];

function user(memberships: Array<[number, number[]]>): StoredUserDocument {
  return {
    _id: 7,
    username: 'u',
    usernameKey: 'u',
    email: '',
    firstName: '',
    lastName: '',
    isActive: true,
    isSuperuser: false,
    isStaff: false,
    dateJoined: '',
    config: {},
    isDeleted: false,
    avatar: null,
    sessionsValidAfter: 0,
    memberships: memberships.map(([projectId, roleIds]) => ({ projectId, roleIds })),
  };
}

const privateProject = (id: number) => ({ _id: id, isPrivate: true }) as ProjectDocument;

describe('what memberships grant', () => {
  it('answers for memberships in any order, as a plain search through them would', { timeout: 30_000 }, () => {
    // Up to 500 memberships of projects 1–3000, one each, in any order, as an admin or a member.
    const membershipsArbitrary = fc.uniqueArray(
      fc
        .tuple(fc.integer({ min: 1, max: 3000 }), fc.boolean())
        .map(([projectId, isAdmin]): [number, number[]] => [projectId, isAdmin ? admin : member]),
      { selector: ([projectId]) => projectId, maxLength: 500, size: 'max' },
    );
    fc.assert(
      fc.property(membershipsArbitrary, (memberships) => {
        const granted = withGrants(user(memberships), catalog);
        const viewer = {
          userId: 7,
          isSuperuser: false,
          isExternal: false,
          favoriteIds: [],
          viewableProjectIds: granted.viewableProjectIds,
          manageableProjectIds: granted.manageableProjectIds,
        };
        const ids = Array.from({ length: 3002 }, (_, id) => id);
        // Every project's answers at once: [id, may view, may change], each a plain search through the memberships.
        expect(
          ids.map((id) => [id, isProjectVisible(privateProject(id), viewer), isProjectManageable(privateProject(id), viewer)]),
        ).toEqual(
          ids.map((id) => {
            const held = memberships.find(([projectId]) => projectId === id);
            return [id, held !== undefined, held?.[1] === admin];
          }),
        );
      }),
      { numRuns: 50 },
    );
  });
});
