/**
 * The permission catalogue (§4.14) and the seeded roles. Permission ids are
 * stable numbers because `roles/permissions/` and role bodies expose them.
 */
export interface Permission {
  id: number;
  codename: string;
  name: string;
}

const PROJECT_PERMISSIONS: Array<[string, string]> = [
  ['change_project', 'Can change project'],
  ['view_project', 'Can view project'],
  ['delete_project', 'Can delete project'],
  ['project_restricted', 'Restricted to member projects'],
  ['add_role', 'Can add role'],
];

/** Models with add/change/delete permissions, with their human names. */
export const PERMISSION_MODELS: Record<string, string> = {
  testcase: 'test case',
  testsuite: 'test suite',
  testplan: 'test plan',
  testresult: 'test result',
  test: 'test',
  label: 'label',
  attachment: 'attachment',
  customattribute: 'custom attribute',
  resultstatus: 'result status',
  projectintegration: 'project integration',
};

const MODEL_PERMISSIONS: Array<[string, string]> = Object.entries(PERMISSION_MODELS).flatMap(([model, human]) =>
  (['add', 'change', 'delete'] as const).map((action): [string, string] => [`${action}_${model}`, `Can ${action} ${human}`]),
);

/** Testament's own, after TestY's so their ids stay as TestY numbers them. */
const TESTAMENT_PERMISSIONS: Array<[string, string]> = [['view_audit', 'Can view audit trail']];

export const PERMISSIONS: readonly Permission[] = [...PROJECT_PERMISSIONS, ...MODEL_PERMISSIONS, ...TESTAMENT_PERMISSIONS].map(
  ([codename, name], index) => ({ id: index + 1, codename, name }),
);

const permissionIdByCodename = new Map(PERMISSIONS.map((p) => [p.codename, p.id]));

export function permissionIds(codenames: readonly string[]): number[] {
  return codenames.map((codename) => {
    const id = permissionIdByCodename.get(codename);
    if (id === undefined) throw new Error(`unknown permission ${codename}`);
    return id;
  });
}

export function permissionCodenames(ids: readonly number[]): string[] {
  const byId = new Map(PERMISSIONS.map((p) => [p.id, p.codename]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const RoleType = { system: 0, custom: 1, superuserOnly: 3 } as const;

export interface SeededRole {
  id: number;
  name: string;
  type: number;
  permissions: number[];
}

const everyModelAction = MODEL_PERMISSIONS.map(([codename]) => codename);

/** Created on first start (§4.2). Their ids are fixed so every installation agrees. */
export const SEEDED_ROLES: readonly SeededRole[] = [
  {
    id: 1,
    name: 'Admin',
    type: RoleType.system,
    permissions: permissionIds(['change_project', 'view_project', 'delete_project', 'add_role', ...everyModelAction, 'view_audit']),
  },
  {
    id: 2,
    name: 'User',
    type: RoleType.system,
    permissions: permissionIds(['view_project', ...everyModelAction]),
  },
  {
    id: 3,
    name: 'External user',
    type: RoleType.superuserOnly,
    permissions: permissionIds(['project_restricted']),
  },
];

export const ADMIN_ROLE_ID = 1;
