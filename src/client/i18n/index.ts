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
 * Portuguese is the fallback, so a key missing in en/es shows the Portuguese text.
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

void i18n.use(initReactI18next).init({
  resources: { pt: { common: pt }, en: { common: en }, es: { common: es } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

document.documentElement.lang = i18n.language;

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
    if (res) i18n.addResourceBundle(lang, ns, res, true, true);
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
