import { restRoutes } from '../../openapi.ts';
import { type RestApp, ok, requireAuth } from '../../rest.ts';
import { getLoggedUser } from './service.ts';

export function registerAccountRest(app: RestApp): void {
  const r = restRoutes(app, 'Logged user');
  r.get('/web/logged-user/', { summary: 'The signed-in user, company and counters.' }, async (c) =>
    ok(c, await getLoggedUser(requireAuth(c).auth)),
  );
}
