/**
 * The server's public settings (`config.public`): the map tiles (fixed until a restart), whether
 * public sign-up is open and whether the product is in maintenance mode (switched on
 * /config-system, so read again after 30 s).
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc.ts';

export function usePublicConfig() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.config.public.queryOptions(), staleTime: 30_000, retry: 1 });
}
