import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { only } from '../../lib/manifest.ts';

/**
 * The calls the webhooks card of /config-system makes (issue 18): every admin role manages its
 * scope's endpoints and deliveries; group and provider admins pick the company of a new endpoint.
 * The route that shows the card lists these (`...WEBHOOK_SETTINGS_OPERATIONS`).
 */
export const WEBHOOK_SETTINGS_OPERATIONS = [
  ...only(
    ADMIN_ROLES,
    'webhooks.endpoints.list',
    'webhooks.endpoints.create',
    'webhooks.endpoints.update',
    'webhooks.endpoints.remove',
    'webhooks.endpoints.rotateSecret',
    'webhooks.deliveries.list',
    'webhooks.deliveries.resend',
  ),
  ...only(['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'], 'organisations.companies.list'),
];
