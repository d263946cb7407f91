/**
 * Prints the address to register as Vindi's webhook (Configurações → Webhooks):
 * `PUBLIC_URL/web/billing/webhooks/vindi/<secret>`, the secret being VINDI_WEBHOOK_SECRET or the one
 * derived from APP_SECRET. Run where the server's environment is: `npx tsx scripts/vindi-webhook-url.ts`.
 * The secret is printed on purpose here, on the operator's own terminal; the server never logs it.
 */
import { vindiWebhookUrl } from '../src/server/domains/billing/webhook-route.ts';

console.log(vindiWebhookUrl());
