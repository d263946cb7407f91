import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import type { Action } from './field-layout.tsx';

/**
 * Whether the tag page keeps a form opened online when the signal drops: its answers, photos and
 * signature live in it and its save keeps the record on the phone (submitRecord queues offline);
 * the offline page would mount a new, empty form. Only a form that has what it shows: the card and
 * its own data (the record form's query, or the registration options).
 */
export function useKeepsOpenForm(
  action: Action | undefined,
  serial: string,
  card: unknown,
  registerOptions: unknown,
): boolean {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  if (card === undefined) return false;
  switch (action) {
    case 'inspect':
      return queryClient.getQueryData(trpc.equipment.inspectionForm.queryKey({ tag: serial })) !== undefined;
    case 'maintain':
      return queryClient.getQueryData(trpc.equipment.maintenanceForm.queryKey({ tag: serial })) !== undefined;
    case 'register':
      return registerOptions !== undefined;
    case 'replace':
      return true;
    default:
      return false;
  }
}
