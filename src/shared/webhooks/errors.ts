import { defineErrors } from '../define-errors.ts';

/** Outgoing webhooks (issue 18 item 4): endpoint registration and the delivery log. */
export const webhooksErrors = defineErrors({
  WEBHOOK_URL_INVALID: {
    status: 400,
    message: 'URL inválida: informe um endereço completo, como https://exemplo.com.br/webhooks',
    en: 'Invalid URL: enter a full address, such as https://example.com/webhooks',
    es: 'URL no válida: introduzca una dirección completa, como https://ejemplo.com/webhooks',
  },
  WEBHOOK_URL_NOT_HTTPS: {
    status: 400,
    message: 'O endereço do webhook deve usar https://',
    en: 'The webhook address must use https://',
    es: 'La dirección del webhook debe usar https://',
  },
  WEBHOOK_URL_PRIVATE: {
    status: 400,
    message: 'O endereço {host} é privado ou local e não pode receber webhooks',
    en: 'The address {host} is private or local and cannot receive webhooks',
    es: 'La dirección {host} es privada o local y no puede recibir webhooks',
  },
  WEBHOOK_URL_UNRESOLVABLE: {
    status: 400,
    message: 'Não foi possível encontrar o endereço {host}',
    en: 'The address {host} could not be found',
    es: 'No se pudo encontrar la dirección {host}',
  },
  WEBHOOK_COMPANY_REQUIRED: {
    status: 400,
    message: 'Escolha a empresa do webhook',
    en: 'Choose the webhook’s company',
    es: 'Elija la empresa del webhook',
  },
  WEBHOOK_ENDPOINTS_LIMIT: {
    status: 409,
    message: 'A empresa já tem {max} webhooks cadastrados',
    en: 'The company already has {max} webhooks',
    es: 'La empresa ya tiene {max} webhooks registrados',
  },
  WEBHOOK_ENDPOINT_NOT_FOUND: {
    status: 404,
    message: 'Webhook não encontrado',
    en: 'Webhook not found',
    es: 'Webhook no encontrado',
  },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    status: 404,
    message: 'Entrega de webhook não encontrada',
    en: 'Webhook delivery not found',
    es: 'Entrega de webhook no encontrada',
  },
});
