import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorView$, type ErrorCode } from './error-view.ts';

/** The code, its message and the way back (§2 App shell, §8). */
export function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const backHome = () => {
    errorView$.next(null); // Already on / leaves the path unchanged, so clear it here.
    void navigate('/');
  };
  return (
    <section className="error-page" aria-labelledby="error-page-code">
      <span id="error-page-code" className="error-page__code">
        {code}
      </span>
      <p className="error-page__message">{t(code === 403 ? 'errors.forbiddenPage' : 'errors.notFoundPage')}</p>
      <Button label={t('errors.backHome')} icon="pi pi-home" onClick={backHome} />
    </section>
  );
}

export function NotFoundPage() {
  return <ErrorPage code={404} />;
}
