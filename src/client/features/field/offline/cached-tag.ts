/**
 * A tag as the phone's working set knows it (issue 20): its equipment (with the product, the
 * inspection type's questions and attributes, the maintenance questions and parts), an unused tag
 * of the company (registering is allowed there), a tag registered on this phone and still waiting to
 * be sent, or nothing. A tag opened online is also kept by itself (issue 26 item 11: `recentTags`),
 * with or without a set; the newer of the two answers. The field forms are built from these when
 * there is no signal.
 */
import * as React from 'react';
import type { RouterOutputs } from '../../../lib/api-types.ts';
import type { OfflineState } from './engine.ts';
import type { OutboxRecordOf } from './queue-rules.ts';
import {
  getCachedEquipment,
  getCachedUnusedTag,
  getRecentTag,
  setKeyOf,
  type WorkingSetCatalogue,
  type WorkingSetEquipment,
  type WorkingSetMeta,
} from './store.ts';

type Product = WorkingSetCatalogue['products'][number];
type InspectionType = WorkingSetCatalogue['inspectionTypes'][number];

export type CachedTag =
  | { kind: 'noSet' }
  | { kind: 'missing'; set: WorkingSetMeta }
  | {
      kind: 'equipment';
      /** when the phone got this data (the set's download, or the tag's last online opening) */
      savedAt: string;
      row: WorkingSetEquipment;
      product: Product | null;
      type: InspectionType | null;
    }
  | {
      kind: 'pendingRegister';
      set: WorkingSetMeta;
      record: OutboxRecordOf<'register'>;
      product: Product | null;
      type: InspectionType | null;
    }
  | { kind: 'unused'; set: WorkingSetMeta; companyId: number; companyName: string };

function productOf(set: WorkingSetMeta, id: number): Product | null {
  return set.catalogue.products.find((p) => p.id === id) ?? null;
}

function typeOf(set: WorkingSetMeta, product: Product | null): InspectionType | null {
  if (!product) return null;
  return set.catalogue.inspectionTypes.find((t) => t.id === product.inspectionTypeId) ?? null;
}

/** Looks the serial up in the user's working set and in their own queued registrations. */
export async function lookupCachedTag(s: OfflineState, serial: string): Promise<CachedTag> {
  const set = s.set;
  if (!s.user) return { kind: 'noSet' };
  const key = setKeyOf(s.user.id, s.user.companyId);
  const registered = set
    ? s.records.find(
        (r): r is OutboxRecordOf<'register'> =>
          r.kind === 'register' && r.serial === serial && r.status === 'waiting',
      )
    : undefined;
  if (set && registered) {
    const product = productOf(set, registered.input.productId);
    return { kind: 'pendingRegister', set, record: registered, product, type: typeOf(set, product) };
  }
  const [row, recent] = await Promise.all([
    set ? getCachedEquipment(key, serial) : null,
    getRecentTag(key, serial),
  ]);
  // The tag kept when opened online, unless the set was read by the server after it.
  if (recent && (!set || !row || Date.parse(recent.savedAt) >= new Date(set.generatedAt).getTime()))
    return {
      kind: 'equipment',
      savedAt: recent.savedAt,
      row: recent.row,
      product: recent.product,
      type: recent.type,
    };
  if (!set) return { kind: 'noSet' };
  if (row) {
    const product = productOf(set, row.productId);
    return { kind: 'equipment', savedAt: set.downloadedAt, row, product, type: typeOf(set, product) };
  }
  const unused = await getCachedUnusedTag(key, serial);
  if (unused) {
    const companyName = set.catalogue.companies.find((c) => c.id === unused.companyId)?.name ?? '';
    return { kind: 'unused', set, companyId: unused.companyId, companyName };
  }
  return { kind: 'missing', set };
}

/** The cached tag, looked up again when the set or the queue changes; undefined while reading. */
export function useCachedTag(s: OfflineState, serial: string, enabled: boolean): CachedTag | undefined {
  const [found, setFound] = React.useState<{ serial: string; tag: CachedTag } | undefined>();
  const gen = s.set?.gen;
  const queued = s.records.length;
  const recent = s.recentGen;
  // biome-ignore lint/correctness/useExhaustiveDependencies: looked up again when the set (gen), the kept tags or queue changes
  React.useEffect(() => {
    if (!enabled || !s.ready) return;
    let live = true;
    lookupCachedTag(s, serial).then(
      (tag) => {
        if (live) setFound({ serial, tag });
      },
      () => {
        if (live) setFound({ serial, tag: { kind: 'noSet' } });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, serial, gen, recent, queued, s.ready, s.user]);
  return found?.serial === serial ? found.tag : undefined;
}

type InspectionForm = RouterOutputs['equipment']['inspectionForm'];
type MaintenanceForm = RouterOutputs['equipment']['maintenanceForm'];
type RegisterOptions = RouterOutputs['equipment']['registerOptions'];

/** What the inspect form needs, from the cached set: the type's questions, the attributes with the equipment's values. */
export function inspectDataOf(
  type: InspectionType,
  values: readonly { attributeId: number; value: string }[],
): Pick<InspectionForm, 'questions' | 'attributes'> {
  return {
    questions: type.questions,
    attributes: type.attributes.map((a) => ({
      ...a,
      value: values.find((v) => v.attributeId === a.id)?.value ?? null,
    })),
  };
}

/**
 * What the maintain form needs, from the cached set: the maintenance questions, the product's parts
 * and the equipment's cycles (issue 30: the form offers those a maintenance fulfils; a row kept
 * before the set carried cycles, or equipment registered on the phone, has none).
 */
export function maintainDataOf(
  type: InspectionType,
  product: Product,
  tag: CachedTag,
): Pick<MaintenanceForm, 'questions' | 'parts' | 'cycles'> {
  const cycles = tag.kind === 'equipment' ? tag.row.cycles : undefined;
  return { questions: type.maintenanceQuestions, parts: product.parts, cycles: cycles ?? [] };
}

/** The register form's options for an unused tag, from the cached set (registrable products only). */
export function registerOptionsOf(
  set: WorkingSetMeta,
  serial: string,
  companyId: number,
  companyName: string,
): RegisterOptions {
  const types = new Map(set.catalogue.inspectionTypes.map((t) => [t.id, t]));
  return {
    serialNumber: serial,
    companyId,
    companyName,
    products: set.catalogue.products
      .filter((p) => p.registrable && types.has(p.inspectionTypeId))
      .map((p) => ({
        id: p.id,
        sku: p.sku,
        name: p.name,
        isDvExclusive: p.isDvExclusive,
        isDueDate: p.isDueDate,
        hasImage: p.hasImage,
        categoryName: p.categoryName,
        inspectionTypeId: p.inspectionTypeId,
        inspectionTypeName: p.inspectionTypeName,
        isExtinguisher: p.isExtinguisher,
        attributes: types.get(p.inspectionTypeId)?.attributes ?? [],
      })),
  };
}
