import { describe, expect, it } from 'vitest';
import { renderMail } from '../../src/server/mail/messages.ts';
import { plural } from '../../src/shared/plural.ts';

/** Issue 16: server-built texts count with each language's plural rules, never "hora(s)". */
describe('plural forms of server-built texts', () => {
  it('picks the CLDR form of each language', () => {
    const hora = { one: '# hora', other: '# horas', many: '# de horas' };
    expect([0, 1, 2, 1_000_000].map((n) => plural('pt', n, hora))).toEqual([
      '0 hora',
      '1 hora',
      '2 horas',
      '1000000 de horas',
    ]);
    expect([0, 1, 2].map((n) => plural('en', n, { one: '# hour', other: '# hours' }))).toEqual([
      '0 hours',
      '1 hour',
      '2 hours',
    ]);
    expect([1, 2].map((n) => plural('es', n, { one: '# hora', other: '# horas' }))).toEqual([
      '1 hora',
      '2 horas',
    ]);
  });

  it('the password-reset mail says "1 hora" and "2 horas" in each language', () => {
    const text = (lang: string, validHours: number) =>
      renderMail('passwordReset', lang, { name: 'Ana', link: 'http://x/#/password-reset?t=a', validHours })
        .text;
    const html = (lang: string, validHours: number) =>
      renderMail('passwordReset', lang, { name: 'Ana', link: 'http://x/#/password-reset?t=a', validHours })
        .html;
    expect(text('pt', 1)).toContain('O link vale por 1 hora e só pode ser usado uma vez.');
    expect(text('pt', 2)).toContain('O link vale por 2 horas e só pode ser usado uma vez.');
    expect(text('en', 1)).toContain('The link is valid for 1 hour and can be used only once.');
    expect(text('en', 2)).toContain('The link is valid for 2 hours and can be used only once.');
    expect(text('es', 1)).toContain('El enlace es válido por 1 hora y solo puede usarse una vez.');
    expect(text('es', 2)).toContain('El enlace es válido por 2 horas y solo puede usarse una vez.');
    expect(html('pt', 1)).toContain('O link vale por 1 hora e só');
    for (const lang of ['pt', 'en', 'es']) for (const n of [1, 2]) expect(text(lang, n)).not.toMatch(/\(s\)/);
  });

  it('the activation and sign-in throttle mails count the same way', () => {
    const mail = (kind: 'activation' | 'loginThrottled', lang: string, n: number) =>
      renderMail(kind, lang, { name: 'Ana', link: 'http://x/#/', validHours: n }).text;
    expect(mail('activation', 'pt', 1)).toContain('O link vale por 1 hora e');
    expect(mail('activation', 'pt', 48)).toContain('O link vale por 48 horas e');
    expect(mail('loginThrottled', 'pt', 1)).toContain('termina 1 minuto depois');
    expect(mail('loginThrottled', 'en', 15)).toContain('ends 15 minutes after');
    expect(mail('loginThrottled', 'es', 1)).toContain('termina 1 minuto después');
  });
});
