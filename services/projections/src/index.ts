import { projectsProjection } from './projects/projects-projection.ts';
import { statusesProjection } from './statuses/statuses-projection.ts';
import { labelsProjection } from './labels/labels-projection.ts';
import { parametersProjection } from './parameters/parameters-projection.ts';
import { customAttributesProjection } from './custom-attributes/custom-attributes-projection.ts';
import { apiTokensProjection } from './api-tokens/api-tokens-projection.ts';
import { rolesProjection } from './roles/roles-projection.ts';
import { notificationsProjection } from './notifications/notifications-projection.ts';
import { accessRequestsProjection } from './access-requests/access-requests-projection.ts';
import type { Projection } from './runner/projection.ts';
import { sessionsProjection } from './sessions/sessions-projection.ts';
import { systemMessagesProjection } from './system-messages/system-messages-projection.ts';
import { usersProjection } from './users/users-projection.ts';
import { attachmentsProjection } from './attachments/attachments-projection.ts';

export * from './runner/projection.ts';
export * from './runner/projection-runner.ts';
export * from './runner/position-gate.ts';
export * from './projects/project-document.ts';
export * from './projects/queries.ts';
export * from './project-catalogue/catalogue-projection.ts';
export * from './project-catalogue/queries.ts';
export * from './statuses/statuses-projection.ts';
export * from './statuses/queries.ts';
export * from './labels/labels-projection.ts';
export * from './labels/queries.ts';
export * from './parameters/parameters-projection.ts';
export * from './parameters/queries.ts';
export * from './custom-attributes/custom-attributes-projection.ts';
export * from './custom-attributes/queries.ts';
export * from './users/user-document.ts';
export * from './users/queries.ts';
export * from './sessions/sessions-projection.ts';
export * from './sessions/queries.ts';
export * from './roles/roles-projection.ts';
export * from './roles/role-catalog.ts';
export * from './roles/role-sets.ts';
export * from './roles/queries.ts';
export * from './users/access.ts';
export * from './access-requests/access-requests-projection.ts';
export * from './access-requests/queries.ts';
export * from './notifications/notification-document.ts';
export * from './notifications/notifications-projection.ts';
export * from './projects/statistics.ts';
export * from './api-tokens/api-tokens-projection.ts';
export * from './api-tokens/queries.ts';
export * from './system-messages/system-messages-projection.ts';
export * from './system-messages/queries.ts';
export * from './attachments/attachments-projection.ts';
export * from './attachments/queries.ts';

/**
 * Every read model, in the order they fold each event (roles first: others read them;
 * notifications before users and projects: they read memberships as they were before the event).
 */
export const allProjections: readonly Projection[] = [rolesProjection, notificationsProjection, accessRequestsProjection, usersProjection, sessionsProjection, projectsProjection, statusesProjection, labelsProjection, parametersProjection, customAttributesProjection, apiTokensProjection, systemMessagesProjection, attachmentsProjection];
export * from './notifications/queries.ts';
