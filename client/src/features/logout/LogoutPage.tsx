import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { session } from '../../app/services.ts';
import { FullPageSpinner } from '../../shell/FullPageSpinner.tsx';

/** /logout: ends the session on the server, forgets the user, then shows the login page (§2). */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    void session.logOut().then(() => {
      if (current) void navigate('/login', { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate]);
  return <FullPageSpinner />;
}
