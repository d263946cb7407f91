/**
 * The reports' URL rewrites, pure (unit-tested in tests/unit/report-presets.test.ts): a preset
 * (src/shared/reports/presets.ts) turned into the list's own params, and the clear-fields patch.
 */
import type { Preset } from '../../../shared/reports/presets.ts';
import {
  type ListSchema,
  listDefaults,
  mergeListSearch,
  parseListSearch,
  type UrlSearch,
} from '../../components/list/list-url.ts';

/**
 * The search params after a preset: its params gone, the filters it sets written as the list's
 * params over what the URL already said, back on the first page.
 */
export function applyPreset(search: UrlSearch, schema: ListSchema, preset: Preset): Record<string, unknown> {
  const rest = Object.fromEntries(Object.entries(search).filter(([k]) => !preset.consumed.includes(k)));
  const state = parseListSearch(schema, rest);
  return mergeListSearch(rest, schema, { ...state, ...preset.patch, page: 0 });
}

const KEPT = new Set(['page', 'pageSize', 'sort', 'direction']);

/** Every filter and the search back at its default (page size and sort stay as chosen). */
export function clearedFilters<S extends ListSchema>(schema: S): Record<string, unknown> {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((k) => !KEPT.has(k))
      .map((k) => [k, defaults[k]]),
  );
}

/** The list's input an export renders: everything but the page. */
export function exportFilters<T extends { page: number; pageSize: number }>(
  input: T,
): Omit<T, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _pageSize, ...filters } = input;
  return filters;
}
