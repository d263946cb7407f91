import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/enums.ts';
import { plural } from '../../shared/plural.ts';

/** Transactional e-mails in the user's language (pt, en, es); Portuguese is the fallback. */
export const PRODUCT_NAME = 'EquipCheck';

export interface MailContent {
  /** Which template (for the log: never log the text, it carries the link and its token). */
  kind?: string;
  subject: string;
  text: string;
  html: string;
}

export function mailLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

interface Template {
  subject: string;
  greeting: (name: string) => string;
  lines: string[];
  button: string;
  fallback: string;
  footer: string;
}

type Kind = 'activation' | 'passwordReset' | 'loginThrottled' | 'invite';

// Counted words by each language's plural rules ("1 hora", "2 horas"), never "hora(s)".
const minutes = {
  pt: (n: number) => plural('pt', n, { one: '# minuto', other: '# minutos', many: '# de minutos' }),
  en: (n: number) => plural('en', n, { one: '# minute', other: '# minutes' }),
  es: (n: number) => plural('es', n, { one: '# minuto', other: '# minutos', many: '# de minutos' }),
};
const hours = {
  pt: (n: number) => plural('pt', n, { one: '# hora', other: '# horas', many: '# de horas' }),
  en: (n: number) => plural('en', n, { one: '# hour', other: '# hours' }),
  es: (n: number) => plural('es', n, { one: '# hora', other: '# horas', many: '# de horas' }),
};

const TEMPLATES: Record<Kind, Record<Language, (n: number) => Template>> = {
  // n = minutes the sign-ins stay slowed after the last attempt
  loginThrottled: {
    pt: (m) => ({
      subject: `Tentativas de login na sua conta do ${PRODUCT_NAME}`,
      greeting: (n) => `Olá, ${n}!`,
      lines: [
        'Houve várias tentativas de login com senha errada na sua conta. Por segurança, novas tentativas estão sendo desaceleradas — a conta não foi bloqueada e você continua entrando normalmente com a sua senha.',
        `A desaceleração termina ${minutes.pt(m)} depois da última tentativa. Se não foi você, troque a sua senha.`,
      ],
      button: 'Trocar minha senha',
      fallback: 'Se o botão não funcionar, copie e cole este endereço no navegador:',
      footer: 'Se foi você que errou a senha, ignore esta mensagem.',
    }),
    en: (m) => ({
      subject: `Sign-in attempts on your ${PRODUCT_NAME} account`,
      greeting: (n) => `Hello, ${n}!`,
      lines: [
        'There were several sign-in attempts with a wrong password on your account. For your safety, further attempts are being slowed down — the account is not locked and you can still sign in with your password.',
        `The slowdown ends ${minutes.en(m)} after the last attempt. If this was not you, change your password.`,
      ],
      button: 'Change my password',
      fallback: 'If the button does not work, copy and paste this address into your browser:',
      footer: 'If it was you mistyping your password, ignore this message.',
    }),
    es: (m) => ({
      subject: `Intentos de inicio de sesión en su cuenta de ${PRODUCT_NAME}`,
      greeting: (n) => `¡Hola, ${n}!`,
      lines: [
        'Hubo varios intentos de inicio de sesión con contraseña incorrecta en su cuenta. Por seguridad, los nuevos intentos se están ralentizando: la cuenta no está bloqueada y puede seguir ingresando con su contraseña.',
        `La ralentización termina ${minutes.es(m)} después del último intento. Si no fue usted, cambie su contraseña.`,
      ],
      button: 'Cambiar mi contraseña',
      fallback: 'Si el botón no funciona, copie y pegue esta dirección en su navegador:',
      footer: 'Si fue usted quien se equivocó de contraseña, ignore este mensaje.',
    }),
  },
  activation: {
    pt: (h) => ({
      subject: `Ative seu ambiente no ${PRODUCT_NAME}`,
      greeting: (n) => `Olá, ${n}!`,
      lines: [
        `Recebemos o seu cadastro no ${PRODUCT_NAME}. Para criar o ambiente da sua empresa e entrar, confirme o seu e-mail.`,
        `O link vale por ${hours.pt(h)} e só pode ser usado uma vez.`,
      ],
      button: 'Ativar meu ambiente',
      fallback: 'Se o botão não funcionar, copie e cole este endereço no navegador:',
      footer: 'Se você não fez este cadastro, ignore esta mensagem.',
    }),
    en: (h) => ({
      subject: `Activate your ${PRODUCT_NAME} environment`,
      greeting: (n) => `Hello, ${n}!`,
      lines: [
        `We received your ${PRODUCT_NAME} sign-up. Confirm your e-mail to create your company's environment and sign in.`,
        `The link is valid for ${hours.en(h)} and can be used only once.`,
      ],
      button: 'Activate my environment',
      fallback: 'If the button does not work, copy and paste this address into your browser:',
      footer: 'If you did not sign up, please ignore this message.',
    }),
    es: (h) => ({
      subject: `Active su entorno en ${PRODUCT_NAME}`,
      greeting: (n) => `¡Hola, ${n}!`,
      lines: [
        `Recibimos su registro en ${PRODUCT_NAME}. Confirme su correo para crear el entorno de su empresa e ingresar.`,
        `El enlace es válido por ${hours.es(h)} y solo puede usarse una vez.`,
      ],
      button: 'Activar mi entorno',
      fallback: 'Si el botón no funciona, copie y pegue esta dirección en su navegador:',
      footer: 'Si usted no se registró, ignore este mensaje.',
    }),
  },
  // n = hours the link stays valid
  invite: {
    pt: (h) => ({
      subject: `Você foi convidado para o ${PRODUCT_NAME}`,
      greeting: (n) => `Olá, ${n}!`,
      lines: [
        `Você recebeu acesso ao ${PRODUCT_NAME}. Para entrar, defina a sua senha pelo link abaixo; o seu login é este e-mail.`,
        `O link vale por ${hours.pt(h)} e só pode ser usado uma vez.`,
      ],
      button: 'Definir minha senha',
      fallback: 'Se o botão não funcionar, copie e cole este endereço no navegador:',
      footer: 'Se você não esperava este convite, ignore esta mensagem.',
    }),
    en: (h) => ({
      subject: `You were invited to ${PRODUCT_NAME}`,
      greeting: (n) => `Hello, ${n}!`,
      lines: [
        `You were given access to ${PRODUCT_NAME}. To sign in, set your password through the link below; your login is this e-mail address.`,
        `The link is valid for ${hours.en(h)} and can be used only once.`,
      ],
      button: 'Set my password',
      fallback: 'If the button does not work, copy and paste this address into your browser:',
      footer: 'If you did not expect this invitation, ignore this message.',
    }),
    es: (h) => ({
      subject: `Usted fue invitado a ${PRODUCT_NAME}`,
      greeting: (n) => `¡Hola, ${n}!`,
      lines: [
        `Usted recibió acceso a ${PRODUCT_NAME}. Para ingresar, defina su contraseña con el enlace de abajo; su usuario es este correo electrónico.`,
        `El enlace es válido por ${hours.es(h)} y solo puede usarse una vez.`,
      ],
      button: 'Definir mi contraseña',
      fallback: 'Si el botón no funciona, copie y pegue esta dirección en su navegador:',
      footer: 'Si usted no esperaba esta invitación, ignore este mensaje.',
    }),
  },
  passwordReset: {
    pt: (h) => ({
      subject: `Redefinição de senha do ${PRODUCT_NAME}`,
      greeting: (n) => `Olá, ${n}!`,
      lines: [
        `Recebemos um pedido para redefinir a sua senha do ${PRODUCT_NAME}.`,
        `O link vale por ${hours.pt(h)} e só pode ser usado uma vez. Ao trocar a senha, as outras sessões abertas serão encerradas.`,
      ],
      button: 'Redefinir minha senha',
      fallback: 'Se o botão não funcionar, copie e cole este endereço no navegador:',
      footer: 'Se você não pediu a redefinição, ignore esta mensagem: a sua senha continua a mesma.',
    }),
    en: (h) => ({
      subject: `Reset your ${PRODUCT_NAME} password`,
      greeting: (n) => `Hello, ${n}!`,
      lines: [
        `We received a request to reset your ${PRODUCT_NAME} password.`,
        `The link is valid for ${hours.en(h)} and can be used only once. Changing the password signs out your other sessions.`,
      ],
      button: 'Reset my password',
      fallback: 'If the button does not work, copy and paste this address into your browser:',
      footer: 'If you did not ask for this, ignore this message: your password stays the same.',
    }),
    es: (h) => ({
      subject: `Restablecimiento de contraseña de ${PRODUCT_NAME}`,
      greeting: (n) => `¡Hola, ${n}!`,
      lines: [
        `Recibimos una solicitud para restablecer su contraseña de ${PRODUCT_NAME}.`,
        `El enlace es válido por ${hours.es(h)} y solo puede usarse una vez. Al cambiar la contraseña se cerrarán sus otras sesiones.`,
      ],
      button: 'Restablecer mi contraseña',
      fallback: 'Si el botón no funciona, copie y pegue esta dirección en su navegador:',
      footer: 'Si usted no lo solicitó, ignore este mensaje: su contraseña sigue siendo la misma.',
    }),
  },
};

/** Builds an e-mail with a single call-to-action link. */
export function renderMail(
  kind: Kind,
  lang: string | null | undefined,
  p: { name: string; link: string; validHours: number },
): MailContent {
  const t = TEMPLATES[kind][mailLanguage(lang)](p.validHours);
  const text = [
    t.greeting(p.name),
    '',
    ...t.lines,
    '',
    `${t.button}: ${p.link}`,
    '',
    t.footer,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const link = escapeHtml(p.link);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h2 style="color:#0f4c4c">${PRODUCT_NAME}</h2>
<p>${escapeHtml(t.greeting(p.name))}</p>
${t.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${link}" style="display:inline-block;background:#0f4c4c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(t.button)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(t.fallback)}<br><a href="${link}">${link}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(t.footer)}</p>
</body></html>`;
  return { kind, subject: t.subject, text, html };
}
