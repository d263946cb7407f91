/**
 * What the language walk (i18n-walk.ts) counts as Portuguese in English or Spanish: a text only
 * the Portuguese catalogue has (every bundle, the error catalogue and the date notes: see
 * tests/helpers/i18n-catalogue.ts), or an enum value or error code shown as it is; the demo's own
 * data and texts stored as they were written are not.
 */
import type { Page } from 'playwright-core';
import {
  ATTRIBUTE_TYPES,
  CUSTOM_ANSWER_TYPES,
  INSPECTION_QUESTION_TYPES,
  PART_UNITS,
} from '../../src/shared/catalogue/enums.ts';
import {
  EQUIPMENT_STATUSES,
  EXPIRATION_STATUSES,
  OS_STATUSES,
  OS_TYPES,
  PRIORITIES,
  USER_STATUSES,
} from '../../src/shared/enums.ts';
import { ERROR_CATALOGUE } from '../../src/shared/errors.ts';
import { ROLES } from '../../src/shared/roles.ts';
import { allTexts } from '../helpers/i18n-catalogue.ts';

// ── what counts as Portuguese ──────────────────────────────────────────────────────────────────

const norm = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*\*$/, '')
    .replace(/[:…]$/, '')
    .trim();
const hasLetters = (s: string) => /\p{L}{2,}/u.test(s);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface PtOnly {
  /** normalised pt texts without placeholders → their keys */
  exact: Map<string, string>;
  /** pt texts with placeholders, as full-match patterns */
  patterns: { re: RegExp; key: string }[];
}

/** The pt texts no `lang` text equals: seeing one of them in `lang` is a missing translation. */
function ptOnly(lang: 'en' | 'es'): PtOnly {
  const pt = allTexts('pt');
  const theirs = new Set([...allTexts(lang).values()].map(norm));
  const exact = new Map<string, string>();
  const patterns: PtOnly['patterns'] = [];
  for (const [key, raw] of pt) {
    const text = norm(raw);
    if (!hasLetters(text) || theirs.has(text)) continue;
    if (/\{\{?\s*\w+/.test(text)) {
      const parts = text.split(/\{\{[^}]*\}\}|\{\w+\}/);
      // Only patterns with enough fixed text to mean something ("OS {{number}}" does).
      if (parts.join('').replace(/[^\p{L}]/gu, '').length < 2) continue;
      patterns.push({ re: new RegExp(`^${parts.map(escapeRegExp).join('.+?')}$`, 'u'), key });
    } else exact.set(text, key);
  }
  return { exact, patterns };
}

const PT_ONLY = { en: ptOnly('en'), es: ptOnly('es') };

/**
 * Data the demo tenant shows that equals a Portuguese label (src/server/domains/catalogue/seed.ts):
 * the extinguisher attributes are named like the report's date filters, and a custom answer like
 * the "not applicable" answer type.
 */
const DEMO_DATA = new Set([
  'Data de fabricação',
  'Data de recarga',
  'Data da última pesagem',
  'Não se aplica',
  // The demo's maintenance cycles (issue 30) are stored as the preset was applied, in Portuguese.
  'Inspeção',
  // The plans' descriptions as core 0401 stores them: /plans-admin shows the provider admin's text
  // as it is (the cards show the seeded ones translated: billing/plan-description.ts).
  'Até 50 equipamentos',
  'Até 100 equipamentos',
  'Até 500 equipamentos',
  'Até 1000 equipamentos',
  'Até 10 equipamentos, sem custo',
  'A partir de 50 equipamentos, R$ 0,99 por equipamento',
]);

/**
 * Stored text written in the author's language: the lines an inspection's negative answers add to
 * an auto-opened order's observation (service-orders/rules.ts openServiceOrderForAnswers) are the
 * order's own free text, kept as written, and show on /os whichever language reads them. Other
 * suites answer such questions in the shared demo tenant while this one walks, so the list may
 * hold one.
 */
const STORED_TEXT = [/^Tag .+: ".+" respondida ".+" \(inspeção de .+\)\.$/u];

/** Every visible or announced text of the page: text nodes and the labelling attributes. */
export function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const tag = node.parentElement?.tagName;
      if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT') continue;
      const v = node.nodeValue?.trim();
      if (v) out.push(v);
    }
    for (const el of document.querySelectorAll('[placeholder],[aria-label],[title],[alt],[aria-valuetext]'))
      for (const a of ['placeholder', 'aria-label', 'title', 'alt', 'aria-valuetext']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    return out;
  });
}

/** Codes the UI must always show translated (an enum value or error code on screen is a miss). */
const RAW_CODES = new Set<string>(
  [
    ...USER_STATUSES,
    ...OS_STATUSES,
    ...OS_TYPES,
    ...PRIORITIES,
    ...EXPIRATION_STATUSES,
    ...EQUIPMENT_STATUSES,
    ...ROLES,
    ...INSPECTION_QUESTION_TYPES,
    ...ATTRIBUTE_TYPES,
    ...CUSTOM_ANSWER_TYPES,
    ...PART_UNITS,
    ...Object.keys(ERROR_CATALOGUE),
  ].filter((c) => c.length > 2),
);

/** The Portuguese-only texts and untranslated codes among `texts`, as `text ← key`. */
export function portuguese(lang: 'en' | 'es', texts: string[]): string[] {
  const { exact, patterns } = PT_ONLY[lang];
  const found = new Set<string>();
  for (const raw of texts) {
    const text = norm(raw);
    if (RAW_CODES.has(text)) found.add(`"${text}" ← a code shown as it is`);
    if (!hasLetters(text) || DEMO_DATA.has(text) || STORED_TEXT.some((re) => re.test(text))) continue;
    const key = exact.get(text) ?? patterns.find((p) => p.re.test(text))?.key;
    if (key) found.add(`"${text}" ← ${key}`);
  }
  return [...found];
}
