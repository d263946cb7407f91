import { z } from 'zod';
import { cepAddressSchema, cepLookupSchema } from '../../../shared/account/schemas.ts';
import { AppError } from '../../errors.ts';
import { PUBLIC, query } from '../../kit/operation.ts';
import { ok } from '../../rest.ts';
import * as s from './service.ts';

const lookupSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('found'), address: cepAddressSchema }),
  z.object({ status: z.literal('not_found') }),
  z.object({ status: z.literal('unavailable') }),
]);

export const cepOperations = {
  /** tRPC answers the lookup's state as data, never an error; REST answers 404/503 for the misses. */
  lookup: query({
    access: PUBLIC,
    summary:
      'Address of a CEP (#####-### or 8 digits): state, city, street, neighborhood. 404 CEP_NOT_FOUND; 503 CEP_SERVICE_UNAVAILABLE when the public service cannot be reached (fill in by hand).',
    input: cepLookupSchema,
    output: lookupSchema,
    rest: {
      method: 'get',
      path: '/web/cep/:cep',
      respond: (c, result: z.output<typeof lookupSchema>) => {
        if (result.status === 'not_found') throw new AppError('CEP_NOT_FOUND');
        if (result.status === 'unavailable') throw new AppError('CEP_SERVICE_UNAVAILABLE');
        return ok(c, result.address);
      },
      answer: cepAddressSchema,
      responses: { 503: 'CEP_SERVICE_UNAVAILABLE: fill the address in by hand' },
    },
    handler: (ctx, input) => s.lookupAddress(ctx, input),
  }),
};
