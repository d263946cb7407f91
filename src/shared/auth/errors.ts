import { defineErrors } from '../define-errors.ts';

/** Sign-in (seed 000 §8). */
export const authErrors = defineErrors({
  AUTHENTICATION_INVALID_CREDENTIALS: {
    status: 401,
    message: 'e-mail e/ou senha inválidos',
    en: 'Invalid e-mail and/or password',
    es: 'Correo electrónico y/o contraseña inválidos',
  },
  AUTHENTICATION_PENDING_USER_STATUS: {
    status: 403,
    message: 'Seu cadastro está em análise. Em caso de dúvidas, entre em contato com o suporte.',
    en: 'Your registration is under review. If you have any questions, please contact support.',
    es: 'Su registro está en análisis. Si tiene dudas, póngase en contacto con soporte.',
  },
  AUTHENTICATION_ACTIVATION_PENDING: {
    status: 403,
    message:
      'Seu cadastro ainda não foi ativado: clique no link do e-mail de ativação que enviamos para {email}.',
    en: 'Your sign-up is not activated yet: click the link in the activation e-mail we sent to {email}.',
    es: 'Su registro aún no fue activado: haga clic en el enlace del correo de activación que enviamos a {email}.',
  },
  AUTHENTICATION_INACTIVE_USER: {
    status: 403,
    message: 'Usuário inativo',
    en: 'Inactive user',
    es: 'Usuario inactivo',
  },
  AUTHENTICATION_RATE_LIMITED: {
    status: 429,
    message: 'Muitas tentativas de login. Tente novamente em {retryAfter} s.',
    en: 'Too many login attempts. Please try again in {retryAfter} s.',
    es: 'Demasiados intentos de inicio de sesión. Inténtelo de nuevo en {retryAfter} s.',
  },
});
