/**
 * Every text of the client in pt, en and es (issue 16 item 3): the common bundle, the kit's and
 * every feature's bundles and the error catalogue have the same keys in the three languages, with
 * the same placeholders and plural forms, and an en/es text is not the Portuguese one (except the
 * words below that are the same in both languages). No "(s)" plurals anywhere (item 16).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n, missingKeys } from '../../src/client/i18n/index.ts';
import { FIELD_MESSAGES } from '../../src/shared/field-messages.ts';
import { allTexts, BUNDLE_MODULES, flatBundles, type Lang } from '../helpers/i18n-catalogue.ts';

/**
 * Texts that are rightly the same as the Portuguese: names, codes and units everywhere, and words
 * Spanish shares with Portuguese. A new entry is a decision: the text was checked in that language.
 */
const SAME_AS_PT: Record<'en' | 'es', ReadonlySet<string>> = {
  en: new Set([
    'EquipCheck',
    'IP',
    'Dashboard',
    'Tags',
    'Tag',
    'Tag {{serial}}',
    'E-mail',
    'CNPJ',
    'SKU',
    'Status',
    'Status:',
    'Serial',
    'Total',
    'Total: {{count}}',
    'OK',
    'N/A',
    'L',
    'kg',
    'm',
    'PDF',
    'XLSX',
    'Excel',
    '{{label}}: {{value}}',
    'Português',
    'English',
    'Español',
    'Webhooks',
    'URL',
    // the audit log's names of a table and a column
    'Webhook',
    'Id',
  ]),
  es: new Set([
    'IP',
    'Registro',
    'Filtrar por {{name}}',
    'Exportar CSV',
    'Webhooks',
    'Editar webhook',
    'URL',
    'Eventos',
    'Evento',
    'Copiar',
    'Copiado',
    '{{count}} evento',
    '{{count}} eventos',
    'Entregas',
    'Destino',
    'Reenviar',
    'Entrega reenviada',
    'Filtrar por destino',
    'EquipCheck',
    'Etiquetas',
    'CNPJ',
    'SKU',
    'E-mail',
    'OK',
    'N/A',
    'L',
    'kg',
    'm',
    'PDF',
    'XLSX',
    'Excel',
    '{{label}}: {{value}}',
    'Português',
    'English',
    'Español',
    'Total',
    'Total: {{count}}',
    'DD/MM/AAAA',
    // Spanish words spelt as in Portuguese
    'Webhook',
    'Id',
    'Empresa',
    'Grupo de empresas',
    'Atributo',
    'Valor',
    'Tipo de registro',
    'Foto de registro',
    'Visita',
    'Visitas',
    'Semanas',
    'Meses',
    'Semana',
    'Técnico', // the visits calendar (issue 30)
    // the import screens (issue 31)
    'Continuar',
    'Campo',
    'Válidas',
    'Problema',
    'Problemas encontrados',
    'Importar',
    'Código',
    'OS',
    'OS {{number}}',
    'Listar',
    'Sistema',
    'Idioma',
    'Etiqueta',
    'Entrar',
    'Entrando…',
    'Enviando…',
    'Enviando...',
    'Descartar',
    'Registro descartado.',
    'Verificando…',
    'Página {{page}} de {{pages}}',
    'Página anterior',
    'Última página',
    'Cancelar',
    'Confirmar',
    'Todos',
    'Todas',
    'Foto',
    'Fotos',
    'Foto {{n}}',
    'Preparando fotos…',
    'Foto de {{name}}',
    'Operador',
    'opcional',
    'Cargo',
    'Complemento',
    'Estado',
    'CNPJ inválido',
    'CNPJ inválido.',
    'CEP inválido: #####-###.',
    'Estado inválido',
    'Número inválido',
    'Valor inválido',
    'Valor inválido.',
    'Token inválido',
    'Empresa',
    'Empresas',
    'Grupo',
    'Grupo de empresas',
    'Grupos de empresas',
    'Empresa / grupo',
    'Empresa genérica',
    'Editar empresa',
    'Habilitado',
    'Habilitada',
    'Habilitar',
    'Exclusivo',
    'Editar',
    'Atributo',
    'Atributos',
    'Tipo',
    'Fabricante',
    'Texto',
    'Personalizada',
    'Positiva',
    'Negativa',
    'Unidades',
    '{{count}} unidades',
    'Litros',
    'Metros',
    'Válido',
    'Vencidos',
    'Vencido',
    'Expirado',
    'Migrado',
    'Migrar',
    'Migrando…',
    'Perfil',
    'Diagnóstico',
    'Solicitado por',
    'Solicitado por {{name}}',
    'Modificado por',
    'Abrir',
    'Abrir mapa',
    'Anterior',
    'Anteriores',
    'por {{name}}',
    'Exportar',
    'Número',
    'Solicitante',
    'Parcial',
    'Finalizada',
    'Cancelada',
    'Canceladas',
    'Alta',
    'Filtros',
    'Filtros ({{count}})',
    'Aplicar',
    'Imprimir',
    'Editar OS {{number}}',
    'Tags usadas',
    // maintenance cycles (issue 30)
    'Ciclos',
    'Ciclo {{n}}',
    'Código',
    'Norma',
    'Intervalo',
    'meses',
    'desde {{day}}',
    'Editar {{name}}',
    'Subir {{name}}',
    'Aplicar modelo',
    'Modelos por norma',
    'Modelo {{name}} aplicado',
    'Última vez',
  ]),
};

const pluralBase = (key: string) => {
  const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return m ? m[1] : undefined;
};
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|\{(\w+)\}/g)].map((m) => m[1] ?? m[2]))].sort();

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(f)) out.push(p);
  }
  return out;
}

describe('client translations', () => {
  const texts = Object.fromEntries((['pt', 'en', 'es'] as Lang[]).map((l) => [l, allTexts(l)])) as Record<
    Lang,
    Map<string, string>
  >;

  it('reads every bundle: each file that registers translations is loaded', () => {
    const root = join(import.meta.dirname, '../../src/client');
    const registering = sourceFiles(root)
      .filter((f) => !f.endsWith(join('i18n', 'index.ts')))
      .filter((f) => /registerTranslations\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f))
      .sort();
    const loaded = Object.keys(BUNDLE_MODULES)
      .map((k) => relative(root, join(import.meta.dirname, k)))
      .sort();
    expect(loaded).toEqual(registering);
    expect(registering.length).toBeGreaterThan(8);
    for (const ns of ['common', 'kit', 'catalogue', 'organisations', 'serviceOrders', 'reports'])
      expect(Object.keys(i18n.store.data.pt ?? {}), ns).toContain(ns);
  });

  it('has every key of pt in en and es, and nothing else', () => {
    const pt = [...texts.pt.keys()].sort();
    expect(pt.length).toBeGreaterThan(500);
    for (const lang of ['en', 'es'] as const) {
      const keys = [...texts[lang].keys()].sort();
      expect(
        pt.filter((k) => !texts[lang].has(k)),
        `missing in ${lang}`,
      ).toEqual([]);
      expect(
        keys.filter((k) => !texts.pt.has(k)),
        `only in ${lang}`,
      ).toEqual([]);
    }
  });

  it('gives every language the same placeholders for a key', () => {
    const wrong: string[] = [];
    for (const [key, text] of texts.pt)
      for (const lang of ['en', 'es'] as const) {
        const other = texts[lang].get(key);
        if (other !== undefined && placeholders(other).join() !== placeholders(text).join())
          wrong.push(`${lang} ${key}: ${other}`);
      }
    expect(wrong).toEqual([]);
  });

  it('says nothing in Portuguese in en or es (but for the words both languages share)', () => {
    for (const lang of ['en', 'es'] as const) {
      const same = [...texts.pt]
        .filter(([key, text]) => /\p{L}/u.test(text) && texts[lang].get(key) === text)
        .filter(([, text]) => !SAME_AS_PT[lang].has(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(same, `${lang} texts equal to pt`).toEqual([]);
    }
  });

  it('spells plurals with _one/_other forms in every language, never "(s)"', () => {
    const bad: string[] = [];
    for (const lang of ['pt', 'en', 'es'] as const) {
      const bundle = flatBundles(lang);
      for (const [key, text] of texts[lang]) {
        if (/\p{L}\((s|es|ns|is)\)/u.test(text)) bad.push(`${lang} ${key}: ${text}`);
        const base = pluralBase(key);
        if (base === undefined || !bundle.has(key)) continue;
        for (const form of ['one', 'other'] as const)
          if (!bundle.has(`${base}_${form}`)) bad.push(`${lang} ${base}_${form} missing`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('plural forms follow the count in each language', () => {
    const t = (lng: Lang, count: number) => i18n.t('common:landing.upTo', { lng, count });
    expect([t('pt', 0), t('pt', 1), t('pt', 2), t('pt', 1_000_000)]).toEqual([
      'Até 0 equipamentos',
      'Até 1 equipamento',
      'Até 2 equipamentos',
      'Até 1000000 equipamentos',
    ]);
    expect([t('en', 1), t('en', 50)]).toEqual(['Up to 1 piece of equipment', 'Up to 50 pieces of equipment']);
    expect([t('es', 1), t('es', 1_000_000)]).toEqual(['Hasta 1 equipo', 'Hasta 1000000 equipos']);
    expect(missingKeys()).toEqual([]);
  });

  it('translates every message of the shared field rules', () => {
    for (const lang of ['pt', 'en', 'es'] as const)
      for (const key of Object.keys(FIELD_MESSAGES))
        expect(texts[lang].get(`kit:errors.${key}`), `${lang} ${key}`).toBeTruthy();
    expect(texts.pt.get('kit:errors.CNPJ_INVALID')).toBe(FIELD_MESSAGES.CNPJ_INVALID);
  });

  it('reports a key that no language has', () => {
    expect(i18n.t('common:no.such.key', { lng: 'en' })).toBe('no.such.key');
    expect(missingKeys()).toContain('common:no.such.key (en)');
  });
});

describe('client code', () => {
  const root = join(import.meta.dirname, '../../src/client');
  const pt = allTexts('pt');
  const en = new Set(allTexts('en').values());
  /** Portuguese catalogue texts an English screen never shows (so code must not hold them). */
  const ptOnly = new Set([...pt.values()].filter((v) => /\p{L}{3,}/u.test(v) && !en.has(v)));
  /** Texts of the code that are not words of the UI: the brand in the logo. */
  const ALLOWED = new Set(['Equip', 'Check']);

  it('holds no UI text outside the bundles (JSX text, Portuguese strings)', () => {
    const found: string[] = [];
    for (const file of sourceFiles(root)) {
      const code = readFileSync(file, 'utf8');
      if (/registerTranslations\(/.test(code) || /[/\\]i18n[/\\](pt|en|es)\.ts$/.test(file)) continue;
      const where = relative(root, file);
      const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
      const strings = [
        ...bare.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.|\$(?!\{))*)`/g),
      ].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
      for (const s of strings)
        if (/[ãõçáéíóúâêôàÃÕÇÁÉÍÓÚ]/.test(s) || ptOnly.has(s)) found.push(`${where}: '${s}'`);
      if (file.endsWith('.tsx'))
        // text between a JSX tag and the next tag: `<p className="x">Texto</p>`
        for (const m of bare.matchAll(
          /(?:<[A-Za-z][\w.]*(?:\s[^<>]*)?>|<\/[\w.]*>)([^<>{}]*\p{L}{2,}[^<>{}]*?)<[/A-Za-z]/gu,
        )) {
          const text = (m[1] ?? '').trim();
          if (text && !ALLOWED.has(text) && !/[&|;=(),:]|\bextends\b/.test(text))
            found.push(`${where}: >${text}<`);
        }
    }
    expect(found).toEqual([]);
  });
});

describe("zod's own checks in the browser", () => {
  it('say the check and its number in the UI’s language (src/client/components/form/zod-messages.ts)', async () => {
    await import('../../src/client/components/form/zod-messages.ts');
    const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    try {
      await i18n.changeLanguage('pt');
      expect(message(z.string().max(60), 'x'.repeat(61))).toBe('Use no máximo 60 caracteres.');
      expect(message(z.string().max(1), 'ab')).toBe('Use no máximo 1 caractere.');
      expect(message(z.coerce.number().int(), '1.5')).toBe('Informe um número inteiro.');
      await i18n.changeLanguage('en');
      expect(message(z.string().max(60), 'x'.repeat(61))).toBe('Use at most 60 characters.');
      expect(message(z.number(), 'abc')).toBe('Enter a number.');
      expect(message(z.number(), undefined)).toBe('Required field');
      expect(message(z.number().int().max(10_000), 10_001)).toBe(
        'Enter a number less than or equal to 10000.',
      );
      await i18n.changeLanguage('es');
      expect(message(z.coerce.number().int().min(1), '0')).toBe('Ingrese un número mayor o igual a 1.');
      expect(message(z.email(), 'x')).toBe('Correo electrónico inválido');
      // a rule's own message wins, and the form shows it translated by its key
      expect(
        message(
          z.string().refine(() => false, FIELD_MESSAGES.CNPJ_INVALID),
          'x',
        ),
      ).toBe('CNPJ inválido');
    } finally {
      await i18n.changeLanguage('pt');
    }
  });
});
