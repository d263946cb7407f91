import { describe, expect, it } from 'vitest';
import {
  lastPage,
  listDefaults,
  listSearchKey,
  mergeListSearch,
  nextListState,
  nextSort,
  parseListSearch,
  serializeListState,
} from '../../src/client/components/list/list-url.ts';
import { listProductsSchema } from '../../src/shared/catalogue/schemas.ts';
import { jobListInputSchema } from '../../src/shared/jobs.ts';
import {
  companyGroupListSchema,
  companyListSchema,
  userListSchema,
} from '../../src/shared/organisations/schemas.ts';

describe('parseListSearch (URL → list state)', () => {
  it('a clean URL is the default list', () => {
    expect(parseListSearch(companyListSchema, {})).toEqual({
      page: 0,
      pageSize: 10,
      sort: 'name',
      direction: 'asc',
      enabled: 'all',
    });
    // defaults of the list's own schema: all users start on PENDING, jobs newest first
    expect(parseListSearch(userListSchema, {})).toMatchObject({ status: 'PENDING', sort: 'createdAt' });
    expect(parseListSearch(jobListInputSchema, {})).toMatchObject({ sort: 'created_at', direction: 'desc' });
  });

  it('coerces the URL strings through the schema', () => {
    expect(
      parseListSearch(companyListSchema, {
        page: '2',
        pageSize: '100',
        query: 'extintores',
        sort: 'tagsUsed',
        direction: 'desc',
        enabled: 'no',
      }),
    ).toEqual({
      page: 2,
      pageSize: 100,
      query: 'extintores',
      sort: 'tagsUsed',
      direction: 'desc',
      enabled: 'no',
    });
    expect(parseListSearch(listProductsSchema, { categoryId: '7', inspectionTypeId: '12' })).toMatchObject({
      categoryId: 7,
      inspectionTypeId: 12,
    });
    expect(parseListSearch(companyGroupListSchema, { forChoice: 'true' })).toMatchObject({ forChoice: true });
    // a search made of digits stays text
    expect(parseListSearch(companyListSchema, { query: '1133' }).query).toBe('1133');
    // values already typed (what the router may hand back after a navigation) pass as they are
    expect(parseListSearch(companyListSchema, { page: 3, enabled: 'yes' })).toMatchObject({
      page: 3,
      enabled: 'yes',
    });
  });

  it('drops what the schema refuses (hand-edited URL) and keeps the rest', () => {
    expect(
      parseListSearch(companyListSchema, {
        page: '-1',
        pageSize: '7',
        sort: 'password',
        direction: 'sideways',
        enabled: 'maybe',
        query: 'ok',
      }),
    ).toEqual({ ...listDefaults(companyListSchema), query: 'ok' });
    expect(parseListSearch(listProductsSchema, { categoryId: 'abc' }).categoryId).toBeUndefined();
    expect(parseListSearch(jobListInputSchema, { state: 'exploded' }).state).toBeUndefined();
  });

  it('ignores the route’s other params', () => {
    expect(parseListSearch(companyListSchema, { t: 'token', view: 'x' })).toEqual(
      listDefaults(companyListSchema),
    );
  });
});

describe('serializeListState (list state → URL)', () => {
  it('leaves the defaults out, so the default list is a clean URL', () => {
    expect(serializeListState(companyListSchema, listDefaults(companyListSchema))).toEqual({});
    expect(serializeListState(jobListInputSchema, { ...listDefaults(jobListInputSchema) })).toEqual({});
  });

  it('writes the rest as strings', () => {
    expect(
      serializeListState(companyListSchema, {
        ...listDefaults(companyListSchema),
        page: 1,
        query: 'extintores',
        enabled: 'yes',
        direction: 'desc',
      }),
    ).toEqual({ page: '1', query: 'extintores', enabled: 'yes', direction: 'desc' });
    // a default of one list is a value of another: PENDING is left out, 'all' is kept
    expect(serializeListState(userListSchema, { ...listDefaults(userListSchema), status: 'all' })).toEqual({
      status: 'all',
    });
    expect(
      serializeListState(jobListInputSchema, { ...listDefaults(jobListInputSchema), direction: 'asc' }),
    ).toEqual({ direction: 'asc' });
  });

  it('leaves blank searches and unset filters out', () => {
    expect(
      serializeListState(listProductsSchema, {
        ...listDefaults(listProductsSchema),
        query: '  ',
        categoryId: undefined,
      }),
    ).toEqual({});
  });

  it('round-trips through the URL', () => {
    const state = {
      ...listDefaults(listProductsSchema),
      page: 4,
      pageSize: 1000,
      categoryId: 3,
      query: 'placa',
    };
    const url = new URLSearchParams(serializeListState(listProductsSchema, state));
    expect(parseListSearch(listProductsSchema, Object.fromEntries(url))).toEqual(state);
  });

  it('mergeListSearch keeps the route’s other params and replaces the list’s', () => {
    expect(
      mergeListSearch({ view: 'inspections', page: '3', enabled: 'no' }, companyListSchema, {
        ...listDefaults(companyListSchema),
        enabled: 'yes',
      }),
    ).toEqual({ view: 'inspections', enabled: 'yes' });
  });

  it('listSearchKey changes only with the list’s params', () => {
    const a = listSearchKey(companyListSchema, { page: '1', view: 'a' });
    expect(listSearchKey(companyListSchema, { page: '1', view: 'b' })).toBe(a);
    expect(listSearchKey(companyListSchema, { page: '2', view: 'a' })).not.toBe(a);
  });
});

describe('nextListState (changes)', () => {
  const at3 = { ...listDefaults(companyListSchema), page: 3 };

  it('changing the page keeps everything else', () => {
    expect(nextListState(at3, { page: 4 })).toEqual({ ...at3, page: 4 });
  });

  it('changing search, a filter, the page size or the sort goes back to the first page', () => {
    expect(nextListState(at3, { query: 'abc' })).toMatchObject({ page: 0, query: 'abc' });
    expect(nextListState(at3, { enabled: 'no' })).toMatchObject({ page: 0, enabled: 'no' });
    expect(nextListState(at3, { pageSize: 100 })).toMatchObject({ page: 0, pageSize: 100 });
    expect(nextListState(at3, { sort: 'email', direction: 'asc' })).toMatchObject({ page: 0, sort: 'email' });
    // even when the patch names a page too
    expect(nextListState(at3, { enabled: 'yes', page: 5 })).toMatchObject({ page: 0 });
  });

  it('setting a filter to the value it has is not a change', () => {
    expect(nextListState(at3, { enabled: 'all' }).page).toBe(3);
    expect(nextListState({ ...at3, query: undefined as string | undefined }, { query: '' }).page).toBe(3);
  });

  it('sort: a new column starts ascending, the same column toggles', () => {
    expect(nextSort({ sort: 'name', direction: 'asc' }, 'email')).toEqual({
      sort: 'email',
      direction: 'asc',
    });
    expect(nextSort({ sort: 'name', direction: 'asc' }, 'name')).toEqual({ sort: 'name', direction: 'desc' });
    expect(nextSort({ sort: 'name', direction: 'desc' }, 'name')).toEqual({ sort: 'name', direction: 'asc' });
  });

  it('lastPage: the pager never goes past the end', () => {
    expect(lastPage(0, 10)).toBe(0);
    expect(lastPage(10, 10)).toBe(0);
    expect(lastPage(11, 10)).toBe(1);
    expect(lastPage(2500, 1000)).toBe(2);
  });
});
