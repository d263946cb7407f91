import { registerTranslations } from '../../i18n/index.ts';

/** The maintenance page's and notice's texts (components/layout/maintenance.tsx). */
export const MAINTENANCE_NS = 'maintenance';

registerTranslations(MAINTENANCE_NS, {
  pt: {
    title: 'Sistema em manutenção',
    text: 'Estamos fazendo uma manutenção programada. Seus dados estão seguros.',
    back: 'Esta página volta sozinha quando a manutenção terminar; você também pode tentar de novo.',
    retry: 'Tentar novamente',
    checking: 'Verificando…',
    signOut: 'Sair',
    toLogin: 'Voltar ao login',
    notice: 'Sistema em manutenção: apenas os administradores da plataforma podem entrar no momento.',
  },
  en: {
    title: 'System under maintenance',
    text: 'We are carrying out scheduled maintenance. Your data is safe.',
    back: 'This page comes back by itself when maintenance is over; you may also try again.',
    retry: 'Try again',
    checking: 'Checking…',
    signOut: 'Sign out',
    toLogin: 'Back to sign-in',
    notice: 'System under maintenance: only the platform administrators can sign in right now.',
  },
  es: {
    title: 'Sistema en mantenimiento',
    text: 'Estamos realizando un mantenimiento programado. Sus datos están seguros.',
    back: 'Esta página vuelve sola cuando termine el mantenimiento; también puede intentarlo de nuevo.',
    retry: 'Intentar de nuevo',
    checking: 'Verificando…',
    signOut: 'Salir',
    toLogin: 'Volver al inicio de sesión',
    notice:
      'Sistema en mantenimiento: en este momento solo los administradores de la plataforma pueden ingresar.',
  },
});
