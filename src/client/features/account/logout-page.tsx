import { useNavigate } from '@tanstack/react-router';
import * as React from 'react';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session.tsx';

/** /logout: signs out, then '/'. */
export function LogoutPage() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const started = React.useRef(false);
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => navigate({ to: '/', replace: true }));
  }, [logout, navigate]);
  return <PageSpinner />;
}
