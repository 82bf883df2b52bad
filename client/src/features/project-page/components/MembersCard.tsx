import { Avatar } from 'primereact/avatar';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { merge } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { seededName } from '../../../i18n/seeded-names.ts';
import { memberApi, type Member } from '../../access-management/index.ts';
import type { Project } from '../../../entities/project/project.ts';

/** How many members the overview names; the access tab lists them all. */
const SHOWN_MEMBERS = 5;

const fullName = (member: Member) => [member.first_name, member.last_name].filter(Boolean).join(' ');

/** Who works in the project, with their roles, and the way to the access tab. */
export function MembersCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const members = useLiveQuery(
    { projectId: project.id, page: 1, page_size: SHOWN_MEMBERS },
    () => merge(changesOf(topics.project(project.id)), changesOf(topics.users)),
    memberApi.list,
  ).data;
  const title = (
    <span className="overview-card__title">
      {t('projectPage.overview.members')}
      {members && <span className="overview-card__count">{members.count}</span>}
    </span>
  );
  return (
    <Card title={title} className="overview-card overview-members">
      {members?.count === 0 && (
        <p className="overview-card__empty">
          {t(project.is_private ? 'projectPage.overview.noMembersPrivate' : 'projectPage.overview.noMembersPublic')}
        </p>
      )}
      <ul aria-label={t('projectPage.overview.members')}>
        {members?.results.map((member) => (
          <li key={member.id} className="overview-members__row">
            <Avatar
              label={member.username.charAt(0).toUpperCase()}
              shape="circle"
              {...(member.avatar_link ? { image: member.avatar_link } : {})}
            />
            <span className="overview-members__name">
              <strong>{member.username}</strong>
              {fullName(member) && <small>{fullName(member)}</small>}
            </span>
            <span className="overview-members__roles">
              {member.roles.map((role) => (
                <Tag key={role.id} value={seededName(t, 'role', role.name)} severity="secondary" />
              ))}
            </span>
          </li>
        ))}
      </ul>
      <Link to={`/projects/${project.id}/access-management`} className="overview-card__more">
        {t(project.is_manageable ? 'projectPage.overview.manageAccess' : 'projectPage.overview.allMembers')}
      </Link>
    </Card>
  );
}
