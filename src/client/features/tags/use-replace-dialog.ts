import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import type { Replaced } from '../../../shared/tags/schemas.ts';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

export type RequestRow = RouterOutputs['tags']['replacementRequests']['items'][number];
export type Step = 'REPLACE_EQUIPMENT' | 'CHOOSE_EQUIPMENT';
export type Equipment = NonNullable<RouterOutputs['tags']['replacementSuggest']>;

/**
 * The replace dialog's state: who may transfer, the step, the chosen old equipment (the request's
 * suggestion preselected when it arrives, unless one was picked already), and the transfer call.
 */
export function useReplaceDialog(request: RequestRow) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const role = useSession().role;
  const admin = role !== null && (ADMIN_ROLES as readonly string[]).includes(role);
  const pending = request.status === 'PENDING';
  const canTransfer = admin && pending;

  const [step, setStep] = React.useState<Step>('REPLACE_EQUIPMENT');
  const [chosen, setChosen] = React.useState<Equipment | null>(null);
  const picked = React.useRef(false);
  const [warning, setWarning] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [result, setResult] = React.useState<Replaced | null>(null);

  const suggestion = useQuery(
    trpc.tags.replacementSuggest.queryOptions({ id: request.id }, { enabled: pending }),
  );
  // The suggested old equipment is preselected when it arrives (unless one was picked already).
  React.useEffect(() => {
    if (!picked.current && suggestion.data) setChosen(suggestion.data);
  }, [suggestion.data]);

  const transfer = useMutation(trpc.tags.replaceTo.mutationOptions());
  const locked = transfer.isPending;

  const onTransfer = async () => {
    if (locked) return;
    if (!chosen) {
      setWarning(true);
      return;
    }
    setError(null);
    try {
      const r = await transfer.mutateAsync({
        serial: chosen.tagSerialNumber,
        otherSerial: request.equipmentNewSerialNumber,
      });
      setResult(r);
      await qc.invalidateQueries({ queryKey: trpc.tags.pathKey() });
    } catch (e) {
      setError(errorMessage(e, t('transferError')));
    }
  };
  const choose = (e: Equipment) => {
    picked.current = true;
    setChosen(e);
    setError(null);
  };
  const suggestedChosen = chosen !== null && suggestion.data?.id === chosen.id;
  return {
    admin,
    pending,
    canTransfer,
    step,
    setStep,
    chosen,
    choose,
    warning,
    setWarning,
    error,
    result,
    suggestion,
    suggestedChosen,
    locked,
    onTransfer,
  };
}

export type ReplaceState = ReturnType<typeof useReplaceDialog>;
