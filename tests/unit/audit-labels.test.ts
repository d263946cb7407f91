/**
 * The audit log's names for entities, actions and fields (issue 29 item 4): every table the
 * triggers log has a name in pt, en and es; an unknown entity or field shows as stored; the
 * screen's labels (the feature's bundle) are the shared ones the CSV uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDITED_TABLES } from '../../migrations/tenant/1121_audit_trail.ts';
import { auditLabels } from '../../src/client/features/audit/labels.ts';
import { i18n } from '../../src/client/i18n/index.ts';
import {
  AUDIT_TEXTS,
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
} from '../../src/shared/audit/labels.ts';
import {
  AUDIT_ACCOUNT_ENTITIES,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_GROUP_ENTITIES,
} from '../../src/shared/audit/schemas.ts';
import { LANGUAGES } from '../../src/shared/enums.ts';

/** The core tables core migration 1121 gives the audit triggers (its `AUDITED` list). */
function coreAuditedTables(): string[] {
  const text = readFileSync(new URL('../../migrations/core/1121_audit_trail.ts', import.meta.url), 'utf8');
  const list = text.slice(text.indexOf('const AUDITED'), text.indexOf('];', text.indexOf('const AUDITED')));
  return [...list.matchAll(/\['(\w+)',/g)].map((m) => m[1]!);
}

/** The tenant tables later migrations give the audit triggers (`auditTable(db, schema, 'x', …)`). */
function laterAuditedTables(): string[] {
  const dir = new URL('../../migrations/tenant/', import.meta.url);
  return readdirSync(dir).flatMap((f) =>
    [...readFileSync(new URL(f, dir), 'utf8').matchAll(/auditTable\(db, schema, '(\w+)'/g)].map((m) => m[1]!),
  );
}

describe('audit labels', () => {
  it('the entity lists are the tables the triggers log, tenant and core', () => {
    expect([...AUDIT_GROUP_ENTITIES].sort()).toEqual(
      [...AUDITED_TABLES.map(([t]) => t), ...laterAuditedTables()].sort(),
    );
    const core = coreAuditedTables();
    expect(core.length).toBeGreaterThan(0);
    expect([...AUDIT_ACCOUNT_ENTITIES].sort()).toEqual(core.sort());
  });

  it('every entity and action has a name of its own in pt, en and es', () => {
    for (const lang of LANGUAGES) {
      for (const e of AUDIT_ENTITIES) {
        const label = auditEntityLabel(e, lang);
        expect(label, `${lang} ${e}`).not.toBe(e);
        expect(label, `${lang} ${e}`).not.toMatch(/_/);
      }
      for (const a of AUDIT_ACTIONS) expect(auditActionLabel(a, lang), `${lang} ${a}`).not.toBe(a);
    }
    expect(auditEntityLabel('service_order_items')).toBe('Item da ordem de serviço');
    expect(auditEntityLabel('record_photos', 'en')).toBe('Record photo');
    expect(auditActionLabel('DELETE', 'es')).toBe('Baja');
    expect(auditFieldLabel('extra_label')).toBe('Identificação');
  });

  it('an unknown entity or field shows as stored (no inherited property either)', () => {
    expect(auditEntityLabel('equipment_102015')).toBe('equipment_102015');
    expect(auditEntityLabel('constructor', 'en')).toBe('constructor');
    expect(auditFieldLabel('reference_samples', 'es')).toBe('reference_samples');
    expect(auditFieldLabel('toString')).toBe('toString');
  });

  it('the screen shows the shared names in the user’s language, an unknown one as stored', () => {
    for (const lang of LANGUAGES) {
      const labels = auditLabels(i18n, lang);
      for (const e of AUDIT_ENTITIES)
        expect(labels.entity(e), `${lang} ${e}`).toBe(AUDIT_TEXTS[lang].entities[e]);
      for (const a of AUDIT_ACTIONS) expect(labels.action(a)).toBe(AUDIT_TEXTS[lang].actions[a]);
      expect(labels.field('due_date')).toBe(AUDIT_TEXTS[lang].fields.due_date);
      expect(labels.entity('webhook_deliveries')).toBe('webhook_deliveries');
      expect(labels.field('reference_samples')).toBe('reference_samples');
      expect(labels.entity('constructor')).toBe('constructor');
    }
    expect(auditLabels(i18n, 'pt').entity('tag_replacement_requests')).toBe('Substituição de tag');
    expect(auditLabels(i18n, 'en').entity('tag_replacement_requests')).toBe('Tag replacement');
  });
});
