/**
 * The kinds of import the machinery serves (issue 31): one line per kind. A kind not listed here
 * answers 400 IMPORT_KIND_UNAVAILABLE.
 */
import type { ImportKind } from '../../../shared/imports/schemas.ts';
import { AppError } from '../../errors.ts';
import { companiesKind } from './kind-companies.ts';
import { equipmentKind } from './kind-equipment.ts';
import { usersKind } from './kind-users.ts';
import type { AnyImportKind } from './kinds.ts';

const KINDS: Partial<Record<ImportKind, AnyImportKind>> = {
  equipment: equipmentKind,
  companies: companiesKind,
  users: usersKind,
};

export function importKind(kind: ImportKind): AnyImportKind {
  const def = KINDS[kind];
  if (!def) throw new AppError('IMPORT_KIND_UNAVAILABLE', { params: { kind } });
  return def;
}
