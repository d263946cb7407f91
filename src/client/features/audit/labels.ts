/**
 * The names the audit log shows for what the database stores by table and column: entities,
 * actions and changed fields in the user's language (the feature's bundle, from
 * src/shared/audit/labels.ts); an entity or field without a name shows as stored.
 */
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n.ts';

export interface AuditLabels {
  entity(entity: string): string;
  action(action: string): string;
  field(field: string): string;
}

/** The labels in `lng` (default: the current language) from `i18n`'s audit bundle. */
export function auditLabels(i18n: I18n, lng?: string): AuditLabels {
  const t = i18n.getFixedT(lng ?? i18n.language, NS) as (key: string) => string;
  const named = (group: 'entities' | 'actions' | 'fields', key: string) => {
    const path = `${group}.${key}`;
    // Looked up only when the bundle has it: an unknown name is no missing key, it is shown as is.
    return i18n.exists(path, { ns: NS, ...(lng ? { lng } : {}) }) ? t(path) : key;
  };
  return {
    entity: (e) => named('entities', e),
    action: (a) => named('actions', a),
    field: (f) => named('fields', f),
  };
}

/** `auditLabels` of the current language (re-rendered when it changes). */
export function useAuditLabels(): AuditLabels {
  const { i18n } = useTranslation(NS);
  return auditLabels(i18n);
}
