import * as React from 'react';
import { useSession } from '../../lib/session.tsx';
import { setToken } from '../../lib/token.ts';
import { queryClient } from '../../lib/trpc.ts';

/**
 * Signs in with a session token answered by the server (activation, password reset). The route
 * guard then leaves the anonymous page for the user's home.
 */
export function useSignInWithToken(): (token: string) => Promise<void> {
  const { refreshUser } = useSession();
  return React.useCallback(
    async (token: string) => {
      setToken(token);
      queryClient.clear();
      await refreshUser();
    },
    [refreshUser],
  );
}
