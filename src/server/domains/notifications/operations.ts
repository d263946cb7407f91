import { dueNotificationsSchema } from '../../../shared/notifications/schemas.ts';
import { ALL_ROLES } from '../../../shared/roles.ts';
import { query, tenant } from '../../kit/operation.ts';
import * as s from './service.ts';

export const notificationsOperations = {
  due: query({
    access: tenant(ALL_ROLES),
    summary:
      'The top bar’s bell: equipment whose next inspection or due date is within the product’s notice days or already past, on an active tag, of the caller’s company (company admins and operators) or company group (group admins; the provider admin in the session’s group). The first 10, longest in notice first, with `total` counted up to 99 (`totalCapped` past it) and `links`: the inspection report’s search params for the same equipment by next inspection and by due date.',
    output: dueNotificationsSchema,
    rest: { method: 'get', path: '/web/notifications/due/' },
    handler: (ctx) => s.dueNotifications(ctx),
  }),
};
