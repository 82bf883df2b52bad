/** Server messages of roles, memberships, access requests and notifications. English, verbatim on the wire. */
export const accessMessages = {
  doesNotExist: (pk: number | string) => `Invalid pk "${pk}" - object does not exist.`,
  expectedPk: 'Incorrect type. Expected pk value.',
  emptyList: 'This list may not be empty.',
  roleNameTaken: 'role with this name already exists.',
  groupNameTaken: 'group with this name already exists.',
  seededRoleDelete: 'The seeded roles cannot be deleted.',
  invalidRoleType: 'Not a valid role type: use 0 (system), 1 (custom) or 3 (superuser only).',
  restrictedRole: 'Only a superuser can assign or remove a role with project_restricted.',
  cannotUnassignSelf: 'You cannot unassign yourself.',
  requestSent: 'Request sent!',
  requestPending: 'You already have a pending access request for this project.',
  alreadyVisible: 'You can already view this project.',
  invalidChoice: (value: unknown) => `"${String(value)}" is not a valid choice.`,
  notificationsEnabled: (names: string[]) => `Enabled notifications for ${names.join(', ')}`,
  notificationsDisabled: (names: string[]) => `Disabled notifications for ${names.join(', ')}`,
} as const;
