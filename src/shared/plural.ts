/**
 * Counted words by the language's plural rules (CLDR, through `Intl.PluralRules`): "1 hora",
 * "2 horas", "1 hour", "2 hours" — never "hora(s)". For texts the server builds (e-mails,
 * documents); the client's texts use i18next plurals, which follow the same rules.
 */
export interface PluralForms {
  /** the singular form, `#` standing for the number: '# hora' */
  one: string;
  /** every other count: '# horas' */
  other: string;
  /** the form of large round numbers where a language has one (es: "1 000 000 de horas") */
  many?: string;
}

const rules = new Map<string, Intl.PluralRules>();

function rulesOf(lang: string): Intl.PluralRules {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    rules.set(lang, r);
  }
  return r;
}

/** `n` with the form of `forms` the language asks for, `#` replaced by the number. */
export function plural(lang: string, n: number, forms: PluralForms): string {
  const category = rulesOf(lang).select(n);
  const form =
    category === 'one' ? forms.one : category === 'many' ? (forms.many ?? forms.other) : forms.other;
  return form.replaceAll('#', String(n));
}
