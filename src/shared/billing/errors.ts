import { defineErrors } from '../define-errors.ts';

/** Plans, subscriptions, bills, tag orders and the payment block (issue 17). */
export const billingErrors = defineErrors({
  PLAN_EQUIPMENT_LIMIT_REACHED: {
    status: 409,
    message:
      'O plano {plan} permite até {limit} equipamentos. Mude de plano em "Meu Plano" para cadastrar mais.',
    en: 'The {plan} plan allows up to {limit} equipment. Change plan in "My plan" to register more.',
    es: 'El plan {plan} permite hasta {limit} equipos. Cambie de plan en "Mi plan" para registrar más.',
  },
  PLAN_BELOW_EQUIPMENT_COUNT: {
    status: 409,
    message: 'O grupo já tem {count} equipamentos; o plano {plan} permite até {limit}.',
    en: 'The group already has {count} equipment; the {plan} plan allows up to {limit}.',
    es: 'El grupo ya tiene {count} equipos; el plan {plan} permite hasta {limit}.',
  },
  BILLING_PAYMENT_BLOCKED: {
    status: 402,
    message: 'Você possui pagamentos pendentes. Favor acessar o menu "Meu Plano" e verificar a situação.',
    en: 'You have pending payments. Please open the "My plan" menu and check the situation.',
    es: 'Usted tiene pagos pendientes. Acceda al menú "Mi plan" y verifique la situación.',
  },
  CUSTOM_PLAN_MIN_QUANTITY: {
    status: 400,
    message: 'O plano personalizado exige no mínimo {min} equipamentos',
    en: 'The custom plan needs at least {min} equipment',
    es: 'El plan personalizado exige como mínimo {min} equipos',
  },
  TAG_ORDER_MIN_QUANTITY: {
    status: 400,
    message: 'A quantidade mínima de tags é {min}',
    en: 'The minimum tag quantity is {min}',
    es: 'La cantidad mínima de etiquetas es {min}',
  },
  PLAN_NOT_FOUND: {
    status: 404,
    message: 'Plano não encontrado',
    en: 'Plan not found',
    es: 'Plan no encontrado',
  },
  PLAN_NOT_AVAILABLE: {
    status: 409,
    message: 'O plano {plan} não está disponível',
    en: 'The {plan} plan is not available',
    es: 'El plan {plan} no está disponible',
  },
  PLAN_ALREADY_CURRENT: {
    status: 409,
    message: 'O plano {plan} já é o plano atual',
    en: 'The {plan} plan is already the current plan',
    es: 'El plan {plan} ya es el plan actual',
  },
  SUBSCRIPTION_NOT_FOUND: {
    status: 404,
    message: 'Assinatura não encontrada',
    en: 'Subscription not found',
    es: 'Suscripción no encontrada',
  },
  SUBSCRIPTION_NOT_ACTIVE: {
    status: 409,
    message: 'A assinatura não está ativa',
    en: 'The subscription is not active',
    es: 'La suscripción no está activa',
  },
  SUBSCRIPTION_NOT_CANCELED: {
    status: 409,
    message: 'Só uma assinatura cancelada pode ser reativada',
    en: 'Only a canceled subscription can be reactivated',
    es: 'Solo una suscripción cancelada puede reactivarse',
  },
  SUBSCRIPTION_ALREADY_ACTIVE: {
    status: 409,
    message: 'O grupo já tem uma assinatura ativa',
    en: 'The group already has an active subscription',
    es: 'El grupo ya tiene una suscripción activa',
  },
  BILL_NOT_FOUND: {
    status: 404,
    message: 'Fatura não encontrada',
    en: 'Bill not found',
    es: 'Factura no encontrada',
  },
  BILL_NOT_PAYABLE: {
    status: 409,
    message: 'Esta fatura não pode mais ser paga (situação: {status})',
    en: 'This bill can no longer be paid (status: {status})',
    es: 'Esta factura ya no se puede pagar (estado: {status})',
  },
  TAG_ORDER_NOT_FOUND: {
    status: 404,
    message: 'Pedido de tags não encontrado',
    en: 'Tag order not found',
    es: 'Pedido de etiquetas no encontrado',
  },
  TAG_ORDER_NOT_PAID: {
    status: 409,
    message: 'Só um pedido pago pode ser marcado como enviado',
    en: 'Only a paid order can be marked as shipped',
    es: 'Solo un pedido pagado puede marcarse como enviado',
  },
  TAG_ORDER_NEEDS_COMPANY: {
    status: 409,
    message: 'Escolha uma empresa para receber as tags',
    en: 'Choose a company to receive the tags',
    es: 'Elija una empresa para recibir las etiquetas',
  },
  BILLING_PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'O serviço de pagamentos não respondeu. Tente novamente em instantes.',
    en: 'The payment service did not answer. Try again in a moment.',
    es: 'El servicio de pagos no respondió. Inténtelo de nuevo en unos instantes.',
  },
  BILLING_PROVIDER_REJECTED: {
    status: 422,
    message: 'O serviço de pagamentos recusou a operação: {reason}',
    en: 'The payment service refused the operation: {reason}',
    es: 'El servicio de pagos rechazó la operación: {reason}',
  },
});
