import { describe, expect, it } from 'vitest';
import { isProjectManageable, isProjectVisible } from '../projects/queries.ts';
import type { ProjectDocument } from '../projects/project-document.ts';
import type { RoleCatalog } from '../roles/role-catalog.ts';
import { withGrants } from './access.ts';
import type { StoredUserDocument } from './user-document.ts';
import { seededRandom } from '@testament/infra';

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
    _id: 7, username: 'u', usernameKey: 'u', email: '', firstName: '', lastName: '', isActive: true, isSuperuser: false, isStaff: false,
    dateJoined: '', config: {}, isDeleted: false, avatar: null, sessionsValidAfter: 0,
    memberships: memberships.map(([projectId, roleIds]) => ({ projectId, roleIds })),
  };
}

const privateProject = (id: number) => ({ _id: id, isPrivate: true }) as ProjectDocument;

describe('what memberships grant', () => {
  it('answers for memberships in any order, as a plain search through them would', () => {
    const random = seededRandom(11);
    const memberships = Array.from({ length: 500 }, (_, i) => [1 + ((i * 7919) % 3000), random() < 0.5 ? admin : member] as [number, number[]]);
    const granted = withGrants(user(memberships), catalog);
    const viewer = { userId: 7, isSuperuser: false, isExternal: false, favoriteIds: [], viewableProjectIds: granted.viewableProjectIds, manageableProjectIds: granted.manageableProjectIds };
    for (let id = 0; id <= 3001; id++) {
      const held = memberships.find(([projectId]) => projectId === id);
      expect(isProjectVisible(privateProject(id), viewer), `view ${id}`).toBe(held !== undefined);
      expect(isProjectManageable(privateProject(id), viewer), `change ${id}`).toBe(held?.[1] === admin);
    }
  });
});
