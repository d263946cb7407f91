/**
 * zod's own messages in the user's language. A check without a message of its own (a maximum
 * length, a number range, a number typed as text) would otherwise say zod's English default
 * ("Too big: expected string to have <=60 characters") whatever the language; in the browser
 * every parse goes through this map instead, which answers the kit's texts (`kit:errors.*`) with
 * the check's number. Messages the shared rules give themselves win over it (they are translated
 * by their key, see src/shared/field-messages.ts). The server keeps zod's defaults.
 */
import { z } from 'zod';
import { i18n } from '../../i18n/index.ts';
import { KIT_NS } from '../kit-i18n.ts';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || Number.isNaN(v);

/** The kit's text for a zod issue (pure apart from the current language). */
export function zodIssueText(issue: Issue): string {
  const t = (key: string, opts?: Record<string, unknown>) => i18n.t(`${KIT_NS}:errors.${key}`, opts);
  const bound = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number));
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return t('INTEGER');
      if (blank(issue.input)) return t('REQUIRED');
      return issue.expected === 'number' ? t('NUMBER') : t('INVALID');
    case 'too_big':
      if (issue.origin === 'string') return t('TOO_LONG', { count: bound(issue.maximum) });
      if (issue.origin === 'number' || issue.origin === 'int')
        return t(issue.inclusive ? 'MAX' : 'MAX_EXCLUSIVE', { max: bound(issue.maximum) });
      return t('LIMIT');
    case 'too_small':
      if (issue.origin === 'string')
        return bound(issue.minimum) <= 1 ? t('REQUIRED') : t('TOO_SHORT', { count: bound(issue.minimum) });
      if (issue.origin === 'number' || issue.origin === 'int')
        return t(issue.inclusive ? 'MIN' : 'MIN_EXCLUSIVE', { min: bound(issue.minimum) });
      return t('REQUIRED');
    case 'invalid_format':
      if (issue.format === 'email') return t('EMAIL_INVALID');
      if (issue.format === 'date') return t('DATE');
      return t('INVALID');
    case 'invalid_value':
      return blank(issue.input) ? t('REQUIRED') : t('INVALID');
    default:
      return t('INVALID');
  }
}

z.config({ customError: (issue) => zodIssueText(issue) });
