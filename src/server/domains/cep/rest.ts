import { cepLookupSchema } from '../../../shared/account/schemas.ts';
import { AppError } from '../../errors.ts';
import { restRoutes } from '../../openapi.ts';
import { type RestApp, ok, requestContext } from '../../rest.ts';
import { limitRate } from '../../rate-limit.ts';
import { lookupCep } from './service.ts';

export function registerCepRest(app: RestApp): void {
  const r = restRoutes(app, 'CEP');
  r.get(
    '/web/cep/:cep',
    {
      summary:
        'Address of a CEP (#####-### or 8 digits): state, city, street, neighborhood. 404 CEP_NOT_FOUND; 503 CEP_SERVICE_UNAVAILABLE when the public service cannot be reached (fill in by hand).',
      roles: 'public',
    },
    async (c) => {
      const { cep } = cepLookupSchema.parse({ cep: c.req.param('cep') });
      await limitRate(['cep', 'ip', requestContext(c).ip], 120, 60);
      const result = await lookupCep(cep);
      if (result.status === 'not_found') throw new AppError('CEP_NOT_FOUND');
      if (result.status === 'unavailable') throw new AppError('CEP_SERVICE_UNAVAILABLE');
      return ok(c, result.address);
    },
  );
}
