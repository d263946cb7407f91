/**
 * Where /my-day reads its visits (issue 30 item 4): online, `visits.list` (the user's visits of the
 * day) and `visits.get` per visit; without signal — the phone offline, or the call failed — the
 * working set on the phone, whose first page carried the user's visits of the download's day and
 * the next six with their equipment as `visits.get` lists them. The answers keep the query's shape
 * (`data`, `isPending`, `isError`, `error`, `refetch`), so the page reads either the same way;
 * `offlineAsOf` is when the phone's copy was downloaded (null while online).
 */
import { useQuery } from '@tanstack/react-query';
import type { WorkingSetVisit } from '../../../shared/field/schemas.ts';
import type { Visit, VisitEquipment } from '../../../shared/visits/schemas.ts';
import { useLoggedUser } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useOffline } from '../field/offline/banner.tsx';

/** A visit of the day: from the server, or from the phone with its equipment. */
export type DayVisit = Visit | WorkingSetVisit;

export interface MyDay {
  data: { items: DayVisit[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  /** when the phone's copy was downloaded (ISO), when it is what shows; else null */
  offlineAsOf: string | null;
  /** offline, and the phone holds no copy of the user's working set */
  offlineWithoutCopy: boolean;
}

/** The signed-in user's visits of `day` (the device's day, as online). */
export function useMyDay(day: string): MyDay {
  const trpc = useTRPC();
  const user = useLoggedUser();
  const offline = useOffline();
  const online = useQuery(
    trpc.visits.list.queryOptions({ from: day, to: day, technicianId: user.id, sort: 'date', pageSize: 100 }),
  );
  const set = offline.set !== null && offline.set.owner === user.id ? offline.set : null;
  const unreachable = !offline.online || online.isError;
  if (unreachable && set === null && offline.ready && !online.data)
    return {
      data: undefined,
      isPending: false,
      isError: false,
      error: null,
      refetch: () => online.refetch(),
      offlineAsOf: null,
      offlineWithoutCopy: true,
    };
  if (!unreachable || set === null) return { ...online, offlineAsOf: null, offlineWithoutCopy: false };
  return {
    data: { items: (set.visits ?? []).filter((v) => v.date === day) },
    isPending: false,
    isError: false,
    error: null,
    refetch: () => online.refetch(),
    offlineAsOf: set.downloadedAt,
    offlineWithoutCopy: false,
  };
}

export interface DayVisitDetail {
  /** `total`: how many are due (the phone's copy carries them all, up to its cap). */
  data: { equipment: { items: VisitEquipment[]; total: number } } | undefined;
  isPending: boolean;
}

/** A visit's equipment: carried by the phone's copy, else `visits.get` (its first 1,000, by tag). */
export function useDayVisitDetail(visit: DayVisit): DayVisitDetail {
  const trpc = useTRPC();
  const carried = 'equipment' in visit ? visit.equipment : null;
  const detail = useQuery({
    ...trpc.visits.get.queryOptions({ id: visit.id, pageSize: 1000, sort: 'tag' }),
    enabled: carried === null,
  });
  if (carried) return { data: { equipment: { items: carried, total: carried.length } }, isPending: false };
  return { data: detail.data, isPending: detail.isPending };
}
