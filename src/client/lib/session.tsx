/**
 * The session: 'unknown' while the stored token is being checked, then 'anonymous' or
 * 'authenticated' with the logged user (seed 000 §4). `useSession()` gives the state and actions.
 */
import type { inferRouterOutputs } from '@trpc/server';
import * as React from 'react';
import type { AppRouter } from '../../server/router.ts';
import type { Role, RoleOrAnonymous } from '../../shared/roles.ts';
import { forgetWorkingSets } from '../features/field/offline/engine.ts';
import { MAINTENANCE_CODE, markMaintenance } from './maintenance-flag.ts';
import { clearToken, getToken, setToken } from './token.ts';
import { errorCode, httpStatus, queryClient, trpcClient } from './trpc.ts';

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
  const user = await trpcClient.account.me.query(undefined, { signal });
  rememberUser(user);
  return user;
}

/**
 * The last logged user, kept beside the token (issue 20): a phone that opens the app without signal
 * cannot ask the server who it is, and stays signed in as that user — with the same token, which the
 * server checks again as soon as a call gets through. Tied to the token it was read with (a short
 * hash of it), so another session never inherits it.
 */
const REMEMBERED_USER_KEY = 'session.user';

function tokenTag(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

function rememberUser(user: LoggedUser): void {
  const token = getToken();
  if (!token) return;
  try {
    localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify({ tag: tokenTag(token), user }));
  } catch {
    // storage full or off: the app simply needs the network to restore the session
  }
}

function rememberedUser(): LoggedUser | null {
  const token = getToken();
  if (!token) return null;
  try {
    const saved = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as {
      tag?: string;
      user?: LoggedUser;
    } | null;
    return saved?.tag === tokenTag(token) && saved.user ? saved.user : null;
  } catch {
    return null;
  }
}

function forgetUser(): void {
  try {
    localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch {
    // nothing to forget
  }
}

/** Signing out also clears the offline working set (issue 20: company data stays off the phone). */
async function forgetOfflineData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    await forgetWorkingSets();
  } catch {
    // the storage is unavailable: nothing was kept
  }
}

export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = React.useState<SessionState>(() =>
    getToken() ? { status: 'unknown' } : { status: 'anonymous' },
  );

  React.useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    let recheck: (() => void) | null = null;
    fetchMe(RESTORE_TIMEOUT_MS).then(
      (user) => {
        if (!cancelled) setState({ status: 'authenticated', user });
      },
      (err: unknown) => {
        if (cancelled) return;
        // Maintenance mode: the session is fine, keep it for when the product is back.
        if (errorCode(err) === MAINTENANCE_CODE) return markMaintenance();
        // No answer (no signal, or too slow): the user the phone last saw, checked again once online.
        const remembered = httpStatus(err) === undefined ? rememberedUser() : null;
        if (remembered) {
          setState({ status: 'authenticated', user: remembered });
          recheck = () => {
            fetchMe().then(
              (user) => {
                if (!cancelled) setState({ status: 'authenticated', user });
              },
              (e: unknown) => {
                if (cancelled || httpStatus(e) !== 401) return;
                clearToken();
                forgetUser();
                setState({ status: 'anonymous' });
              },
            );
          };
          if (navigator.onLine) recheck();
          else window.addEventListener('online', recheck, { once: true });
          return;
        }
        clearToken();
        setState({ status: 'anonymous' });
      },
    );
    return () => {
      cancelled = true;
      if (recheck) window.removeEventListener('online', recheck);
    };
  }, []);

  const login = React.useCallback(async (email: string, password: string, remember: boolean) => {
    const { token } = await trpcClient.auth.login
      .mutate({ email, password, remember })
      .catch((e: unknown) => {
        if (errorCode(e) === MAINTENANCE_CODE) markMaintenance();
        throw e;
      });
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
    forgetUser();
    await forgetOfflineData();
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
