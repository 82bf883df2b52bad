import { useObservableEagerState } from 'observable-hooks';
import { ScrollTop } from 'primereact/scrolltop';
import { Outlet } from 'react-router';
import { map } from 'rxjs';
import { changesOf, topics } from '../app/changes.ts';
import { session } from '../app/services.ts';
import { BulkJobsPanel } from '../features/bulk-jobs/index.ts';
import { SystemBanners } from '../features/system-messages/index.ts';
import { isSidebarOpen } from '../session/user-config.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Sidebar } from './Sidebar.tsx';
import { errorView$ } from './error-view.ts';
import './shell.css';

const sidebarOpen$ = session.config$.pipe(map(isSidebarOpen));
const systemMessageChanges = () => changesOf(topics.systemMessages);

/** The frame around every signed-in screen; an error page takes the content's place. */
export function AppShell() {
  const sidebarOpen = useObservableEagerState(sidebarOpen$);
  const errorCode = useObservableEagerState(errorView$);
  const toggleSidebar = () => session.changeConfig({ ui: { is_open_sidebar: !sidebarOpen } });
  return (
    <div className="shell">
      <Sidebar open={sidebarOpen} />
      <div className="shell__main">
        <Header sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} />
        <main className="shell__content">
          <SystemBanners changes={systemMessageChanges} />
          {errorCode ? <ErrorPage code={errorCode} /> : <Outlet />}
        </main>
        <Footer />
      </div>
      <BulkJobsPanel />
      <ScrollTop threshold={500} icon="pi pi-arrow-up" />
    </div>
  );
}
