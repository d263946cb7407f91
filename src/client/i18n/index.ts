/**
 * i18n setup: i18next + react-i18next, languages pt (default and fallback), en, es.
 * The choice is kept in localStorage under 'lang'.
 *
 * Shared texts live in the `common` namespace (the default one: `t('menu.dashboard')`).
 *
 * Features register their own bundles, once, at module level of the feature (e.g. in
 * `features/<domain>/i18n.ts`, imported by the feature's pages):
 *
 *   export const NS = 'catalogue';
 *   registerTranslations(NS, { pt: { title: 'Categorias' }, en: { title: 'Categories' }, es: { title: 'Categorías' } });
 *   // in a component:
 *   const { t } = useTranslation(NS);   // t('title'); common keys: t('common:common.emptyList')
 *
 * Portuguese is the fallback, so a key missing in en/es would show the Portuguese text:
 * tests/unit/i18n.test.ts holds every bundle to the same keys in pt, en and es, and a key missing
 * everywhere is reported (`missingKeys()`, console) and fails the browser walk of every page
 * (tests/e2e/i18n.e2e.test.ts).
 *
 * Plurals are i18next's: `x_one` / `x_other` keys and `t('x', { count })` — never "(s)".
 * `x_zero` and `x_many` default to `x_other` (pt's rules put 0 with "one" and pt/es have a
 * "many" for exact millions; neither needs its own text unless a bundle gives one).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/enums.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { pt } from './pt.ts';

export const LANG_STORAGE_KEY = 'lang';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

type Resources = Record<string, unknown>;

/** Adds `x_zero` and `x_many` (as `x_other`) wherever a bundle has `x_other` without them. */
export function completePlurals<R extends Resources>(res: R): R {
  const out: Resources = {};
  for (const [k, v] of Object.entries(res)) {
    out[k] = v !== null && typeof v === 'object' ? completePlurals(v as Resources) : v;
  }
  for (const [k, v] of Object.entries(res)) {
    if (!k.endsWith('_other') || typeof v !== 'string') continue;
    const base = k.slice(0, -'_other'.length);
    for (const form of ['zero', 'many']) if (!(`${base}_${form}` in out)) out[`${base}_${form}`] = v;
  }
  return out as R;
}

const missing: string[] = [];

/**
 * Keys looked up but found in no language (`ns:key (lng)`), in order: a bug, shown as the raw key.
 * The browser tests read them from `window.__i18nMissingKeys`.
 */
export function missingKeys(): readonly string[] {
  return missing;
}

function reportMissingKey(lngs: readonly string[], ns: string, key: string): void {
  const entry = `${ns}:${key} (${lngs.join(',')})`;
  if (missing.includes(entry)) return;
  missing.push(entry);
  console.warn(`[i18n] missing key ${entry}`);
}

if (typeof window !== 'undefined') {
  (window as unknown as { __i18nMissingKeys: string[] }).__i18nMissingKeys = missing;
}

void i18n.use(initReactI18next).init({
  resources: {
    pt: { common: completePlurals(pt) },
    en: { common: completePlurals(en) },
    es: { common: completePlurals(es) },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  saveMissing: true,
  saveMissingTo: 'current',
  missingKeyHandler: reportMissingKey,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/**
 * Adds a feature's translations under namespace `ns` (deep-merged, overwriting same keys).
 * Call once at module level; `pt` is required (fallback), `en` and `es` may be partial.
 */
export function registerTranslations(
  ns: string,
  bundles: { pt: Resources; en?: Resources; es?: Resources },
): void {
  for (const lang of LANGUAGES) {
    const res = bundles[lang];
    if (res) i18n.addResourceBundle(lang, ns, completePlurals(res), true, true);
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the language and remembers the choice. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export { i18n };
