import { defineErrors } from '../define-errors.ts';

/** Sign-up, activation, password reset and change, profile photo, CEP lookup (seed 000 §8). */
export const accountErrors = defineErrors({
  USER_REGISTER_EMAIL_EXISTS: {
    status: 409,
    message: 'Email {email} já existe',
    en: 'Email {email} already exists',
    es: 'El correo {email} ya existe',
  },
  USER_REGISTER_DISABLED: {
    status: 403,
    message: 'O cadastro público está desativado. Fale com o suporte para criar uma conta.',
    en: 'Public sign-up is turned off. Please contact support to open an account.',
    es: 'El registro público está desactivado. Contacte con soporte para crear una cuenta.',
  },
  USER_REGISTER_EMAIL_INVALID: {
    status: 400,
    message: 'Email {email} é inválido',
    en: 'Email {email} is invalid',
    es: 'El correo {email} no es válido',
  },
  PASSWORD_CURRENT_INVALID: {
    status: 400,
    message: 'Senha atual inválida',
    en: 'Current password is incorrect',
    es: 'Contraseña actual inválida',
  },
  PASSWORD_RESET_EMAIL_INVALID: {
    status: 400,
    message: 'Email inválido',
    en: 'Invalid email',
    es: 'Correo electrónico inválido',
  },
  TOKEN_INVALID: {
    status: 400,
    message: 'Token inválido ou expirado',
    en: 'Invalid or expired token',
    es: 'Token inválido o expirado',
  },
  ACTIVATION_RESEND_LIMITED: {
    status: 429,
    message: 'Muitos pedidos de reenvio do e-mail de ativação. Aguarde um pouco e tente novamente.',
    en: 'Too many requests to resend the activation e-mail. Please wait a while and try again.',
    es: 'Demasiadas solicitudes de reenvío del correo de activación. Espere un poco e inténtelo de nuevo.',
  },
  ENVIRONMENT_ALREADY_ACTIVE: {
    status: 409,
    message: 'Este ambiente já foi ativado. Entre com seu e-mail e senha.',
    en: 'This environment has already been activated. Sign in with your e-mail and password.',
    es: 'Este entorno ya fue activado. Inicie sesión con su correo electrónico y contraseña.',
  },
  PHOTO_INVALID: {
    status: 400,
    message: 'Imagem inválida: use PNG, JPEG ou WEBP de até 1 MB',
    en: 'Invalid image: use PNG, JPEG or WEBP up to 1 MB',
    es: 'Imagen inválida: use PNG, JPEG o WEBP de hasta 1 MB',
  },
  CEP_NOT_FOUND: {
    status: 404,
    message: 'CEP não encontrado',
    en: 'Postal code (CEP) not found',
    es: 'Código postal (CEP) no encontrado',
  },
  CEP_SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Consulta de CEP indisponível: preencha o endereço manualmente',
    en: 'Postal code (CEP) lookup unavailable: please fill in the address by hand',
    es: 'Consulta de código postal (CEP) no disponible: complete la dirección manualmente',
  },
});
