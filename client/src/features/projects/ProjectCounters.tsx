import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROJECT_COUNTERS, type Project } from '../../entities/project/project.ts';

const LISTS: Partial<Record<(typeof PROJECT_COUNTERS)[number], string>> = { suites_count: 'suites', plans_count: 'plans' };

/** Suites, cases, plans, tests; '-' for a project the user cannot see. The header links suites and plans to their lists. */
export function ProjectCounters({ project, withLinks = false }: { project: Project; withLinks?: boolean }) {
  const { t } = useTranslation();
  return (
    <dl className="project-counters">
      {PROJECT_COUNTERS.map((counter) => {
        const value = project.is_visible ? project[counter] : '-';
        const list = withLinks ? LISTS[counter] : undefined;
        return (
          <div key={counter} className="project-counters__item">
            <dt>{t(`projects.counters.${counter}`)}</dt>
            <dd>{list ? <Link to={`/projects/${project.id}/${list}`}>{value}</Link> : value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
