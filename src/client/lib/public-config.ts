/**
 * The server's public settings (`config.public`: the map tiles), read once per page load: they
 * change only with a restart of the server.
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc.ts';

export function usePublicConfig() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.config.public.queryOptions(), staleTime: Number.POSITIVE_INFINITY, retry: 1 });
}
