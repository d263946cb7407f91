/**
 * Every text the client can show, per language, read without a browser: the common bundle, the
 * kit's and every feature's `registerTranslations` bundles (every `i18n.ts` / `*-i18n.ts` under
 * src/client, the shared field messages among the kit's), the error catalogue and the date notes.
 * Used by tests/unit/i18n.test.ts (same keys in pt, en and es) and tests/e2e/i18n.e2e.test.ts
 * (no Portuguese-only text on any page in en or es).
 */
import { i18n } from '../../src/client/i18n/index.ts';
import { DATE_NOTE_TEXTS } from '../../src/shared/equipment/date-cell.ts';
import { ERROR_CATALOGUE, errorText } from '../../src/shared/errors.ts';

/** The modules that register bundles; importing them runs `registerTranslations`. */
export const BUNDLE_MODULES = import.meta.glob(
  ['../../src/client/**/i18n.ts', '../../src/client/**/*-i18n.ts'],
  {
    eager: true,
  },
);

export type Lang = 'pt' | 'en' | 'es';
export const LANGS: readonly Lang[] = ['pt', 'en', 'es'];

/** `ns:a.b.c` → text, for one language (plural forms keep their suffix: `ns:x_one`). */
export function flatBundles(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  const data = (i18n.store.data[lang] ?? {}) as Record<string, unknown>;
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') out.set(prefix, v);
    else if (v && typeof v === 'object')
      for (const [k, c] of Object.entries(v))
        walk(prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`, c);
  };
  for (const [ns, bundle] of Object.entries(data)) walk(`${ns}:`, bundle);
  return out;
}

/** The error catalogue's text of every code in a language (`error:CODE`), placeholders as `{x}`. */
export function errorTexts(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  for (const code of Object.keys(ERROR_CATALOGUE)) {
    // errorText leaves a text with unfilled placeholders out: fill them with themselves.
    const def = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE] as { message: string };
    const params = Object.fromEntries(
      [...def.message.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], `{${m[1]}}`]),
    );
    const text = errorText(code, lang, params);
    if (text !== undefined) out.set(`error:${code}`, text);
  }
  return out;
}

/** The shared texts the client shows next to dates (`dateNote:today`…). */
export function sharedTexts(lang: Lang): Map<string, string> {
  return new Map(Object.entries(DATE_NOTE_TEXTS[lang]).map(([k, v]) => [`dateNote:${k}`, v]));
}

/** Every text of a language: bundles, error codes and the shared texts. */
export function allTexts(lang: Lang): Map<string, string> {
  return new Map([...flatBundles(lang), ...errorTexts(lang), ...sharedTexts(lang)]);
}
