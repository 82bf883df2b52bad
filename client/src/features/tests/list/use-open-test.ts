import { useNavigate } from 'react-router';
import { useSearchWith } from '../../../components/list/cells.tsx';
import { opensTest } from './TestCells.tsx';

/** Opens a test in the drawer the plan page mounts: `?test=<id>`, the rest of the page's query kept (tests-and-results §2). */
export function useOpenTest(): (testId: number) => void {
  const navigate = useNavigate();
  const searchWith = useSearchWith();
  return (testId) => navigate({ search: searchWith(opensTest(testId)) });
}
