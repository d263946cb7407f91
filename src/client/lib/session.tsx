/**
 * The session: 'unknown' while the stored token is being checked, then 'anonymous' or
 * 'authenticated' with the logged user (seed 000 §4). `useSession()` gives the state and actions.
 */
import type { inferRouterOutputs } from '@trpc/server';
import * as React from 'react';
import type { AppRouter } from '../../server/router.ts';
import type { Role, RoleOrAnonymous } from '../../shared/roles.ts';
import { clearToken, getToken, setToken } from './token.ts';
import { queryClient, trpcClient } from './trpc.ts';

export type LoggedUser = inferRouterOutputs<AppRouter>['account']['me'];

export type SessionState =
  | { status: 'unknown' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: LoggedUser };

export interface Session {
  state: SessionState;
  /** The user's role, 'ANONYMOUS' when signed out, null while unknown. */
  role: RoleOrAnonymous | null;
  user: LoggedUser | null;
  /** Signs in (stores the token, loads the user). Rejects with the tRPC error on failure. */
  login(email: string, password: string, remember: boolean): Promise<LoggedUser>;
  /** Signs out on the server (errors ignored), clears the token and the query cache. */
  logout(): Promise<void>;
  /** Reloads the logged user (after a profile change, a company switch...). */
  refreshUser(): Promise<void>;
}

/** Seed 000 §4: the stored-token restore gives up after 2 seconds. */
export const RESTORE_TIMEOUT_MS = 2000;

const SessionContext = React.createContext<Session | null>(null);

async function fetchMe(timeoutMs?: number): Promise<LoggedUser> {
  const signal = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
  return trpcClient.account.me.query(undefined, { signal });
}

export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = React.useState<SessionState>(() =>
    getToken() ? { status: 'unknown' } : { status: 'anonymous' },
  );

  React.useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    fetchMe(RESTORE_TIMEOUT_MS).then(
      (user) => {
        if (!cancelled) setState({ status: 'authenticated', user });
      },
      () => {
        if (cancelled) return;
        clearToken();
        setState({ status: 'anonymous' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const login = React.useCallback(async (email: string, password: string, remember: boolean) => {
    const { token } = await trpcClient.auth.login.mutate({ email, password, remember });
    setToken(token);
    try {
      const user = await fetchMe();
      queryClient.clear();
      setState({ status: 'authenticated', user });
      return user;
    } catch (e) {
      clearToken();
      throw e;
    }
  }, []);

  const logout = React.useCallback(async () => {
    if (getToken()) {
      try {
        await trpcClient.auth.logout.mutate(undefined, { signal: AbortSignal.timeout(5000) });
      } catch {
        // the session may already be gone; signing out locally is what matters
      }
    }
    clearToken();
    queryClient.clear();
    setState({ status: 'anonymous' });
  }, []);

  const refreshUser = React.useCallback(async () => {
    if (!getToken()) return;
    const user = await fetchMe();
    setState({ status: 'authenticated', user });
  }, []);

  const value = React.useMemo<Session>(() => {
    const user = state.status === 'authenticated' ? state.user : null;
    const role: RoleOrAnonymous | null =
      state.status === 'unknown' ? null : user ? (user.currentRole as Role) : 'ANONYMOUS';
    return { state, role, user, login, logout, refreshUser };
  }, [state, login, logout, refreshUser]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = React.useContext(SessionContext);
  if (!s) throw new Error('useSession() outside <SessionProvider>');
  return s;
}

/** The logged user; only for components rendered inside signed-in routes. */
export function useLoggedUser(): LoggedUser {
  const { user } = useSession();
  if (!user) throw new Error('useLoggedUser() without a signed-in user');
  return user;
}
