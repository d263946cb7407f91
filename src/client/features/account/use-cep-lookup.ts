import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import type { CepAddress } from '../../../shared/account/schemas.ts';
import { CEP_LENGTH, onlyDigits } from '../../../shared/masks.ts';
import { useTRPC } from '../../lib/trpc.ts';

export type CepState = 'idle' | 'loading' | 'found' | 'not_found' | 'unavailable';

/**
 * Looks the CEP up once it has 8 digits (seed 000 §5) through the server's proxy and calls
 * `onFound` once per CEP. Any failure degrades to "fill in by hand".
 */
export function useCepLookup(cep: string | null | undefined, onFound: (a: CepAddress) => void): CepState {
  const trpc = useTRPC();
  const digits = onlyDigits(cep);
  const enabled = digits.length === CEP_LENGTH;
  const q = useQuery({
    ...trpc.cep.lookup.queryOptions({ cep: digits }),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const applied = React.useRef<string | null>(null);
  const data = q.data;
  React.useEffect(() => {
    if (data?.status === 'found' && applied.current !== data.address.cep) {
      applied.current = data.address.cep;
      onFound(data.address);
    }
  }, [data, onFound]);
  if (!enabled) return 'idle';
  if (q.isFetching && !data) return 'loading';
  if (q.isError) return 'unavailable';
  return data?.status ?? 'loading';
}
