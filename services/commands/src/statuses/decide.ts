import {
  BUILT_IN_STATUS_NAMES,
  PermissionDeniedError,
  StatusType,
  ValidationError,
  messages,
  statusMessages,
  type StatusEvent,
} from '@testament/contracts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import { catalogueDecider, type CatalogueAction, type CatalogueFields } from '../project-catalogue/catalogue.ts';

export interface StatusFields extends CatalogueFields {
  type: 0 | 1;
  name: string;
  color: string;
}

/** The names of the system statuses, which custom statuses may not take either. */
export interface StatusFacts {
  systemNames: readonly string[];
}

const nameKey = (name: string) => name.trim().toLowerCase();

const permissions: Record<CatalogueAction, string> = {
  add: 'add_resultstatus',
  change: 'change_resultstatus',
  delete: 'delete_resultstatus',
};

/**
 * Statuses (§3.8, §4.3, D4): system statuses (no project) are superuser-only to
 * create and never change; custom ones follow the project rule. Names are unique
 * per project with the system and built-in names counted too, and re-creating
 * a deleted name brings the old status back with its id.
 */
export const statusDecider = catalogueDecider<StatusFields, StatusEvent, StatusFacts>({
  prefix: 'Status',
  permissions,
  uniqueKey: (status) => nameKey(status.name),
  clash: () => ValidationError.of('name', statusMessages.nameTaken),
  reviveDeleted: true,
  authorize(action, status, context) {
    if (status.type === StatusType.system) {
      if (!context.actor.isSuperuser) {
        throw new PermissionDeniedError(action === 'add' ? statusMessages.onlySuperuserCreatesSystem : messages.forbidden);
      }
      if (status.projectId !== null) throw ValidationError.of('project', statusMessages.systemWithoutProject);
      if (action !== 'add') throw ValidationError.general(statusMessages.systemImmutable);
      return;
    }
    if (status.projectId === null) throw ValidationError.of('project', statusMessages.customNeedsProject);
    requireProjectWrite(context.project, context.actor, permissions[action]);
  },
  validate(next, previous, _context, facts) {
    if (previous && next.type !== previous.type) throw ValidationError.of('type', statusMessages.typeFixed);
    if (next.type === StatusType.system) return;
    const reserved = [...BUILT_IN_STATUS_NAMES, ...(facts?.systemNames ?? [])].find((name) => nameKey(name) === nameKey(next.name));
    if (reserved) throw ValidationError.of('name', statusMessages.nameBuiltIn(reserved));
  },
});
