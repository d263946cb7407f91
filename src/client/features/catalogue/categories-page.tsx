import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULTS } from '../../../shared/catalogue/enums.ts';
import { listCategoriesSchema, saveCategorySchema } from '../../../shared/catalogue/schemas.ts';
import { CheckboxField, FormDialog, TextField, useAppForm } from '../../components/form/index.ts';
import { ListPage, TriStateFilter, useServerList } from '../../components/list/index.ts';
import { dateColumn, editColumn } from '../../components/table-columns.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { EditableListField, EnabledBadge, useListsValid } from './components.tsx';
import { CatalogueEmptyHint } from './empty-hint.tsx';
import { NS } from './i18n.ts';

type CategoryRow = RouterOutputs['catalogue']['categories']['list']['items'][number];

export function CategoriesPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useServerList(trpc.catalogue.categories.list, { schema: listCategoriesSchema });
  const [editing, setEditing] = React.useState<CategoryRow | 'new' | null>(null);
  return (
    <ListPage
      title={t('categories')}
      description={t('categoriesDescription')}
      add={{ label: t('newCategory'), onClick: () => setEditing('new'), testId: 'add-category' }}
      list={list}
      searchPlaceholder={t('searchCategories')}
      filters={
        <TriStateFilter
          value={list.input.enabled}
          onChange={(v) => list.setFilter('enabled', v)}
          label={t('enabledFilter')}
        />
      }
      rowKey={(r) => r.id}
      onRowClick={setEditing}
      // Nothing at all yet (not a search or filter that found nothing): what to create first.
      emptyText={
        !list.input.query && list.input.enabled === 'all' ? (
          <CatalogueEmptyHint kind="categories" />
        ) : undefined
      }
      columns={[
        {
          id: 'name',
          header: t('name'),
          sortable: true,
          cell: (r) => <span className="font-medium">{r.name}</span>,
        },
        {
          id: 'enabled',
          header: t('enabled'),
          sortable: true,
          cell: (r) => <EnabledBadge enabled={r.enabled} />,
        },
        dateColumn<CategoryRow>('updateDate', t('lastUpdate'), (r) => r.updateDate),
        editColumn<CategoryRow>(t('edit'), (r) => r.name, setEditing),
      ]}
    >
      {editing && (
        <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </ListPage>
  );
}

const newAttribute = () => ({ name: '', enabled: DEFAULTS.newRowEnabled });

function CategoryDialog({ category, onClose }: { category: CategoryRow | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const id = category?.id;
  const form = useAppForm(saveCategorySchema, {
    id,
    name: category?.name ?? '',
    enabled: category?.enabled ?? DEFAULTS.newItemEnabled,
    inspectionAttributes: [],
    maintenanceAttributes: [],
  });
  const insp = useQuery({
    ...trpc.catalogue.categories.attributes.queryOptions({ id: id ?? 0, kind: 'inspection' }),
    enabled: id !== undefined,
  });
  const main = useQuery({
    ...trpc.catalogue.categories.attributes.queryOptions({ id: id ?? 0, kind: 'maintenance' }),
    enabled: id !== undefined,
  });
  const { setValue } = form;
  React.useEffect(() => {
    if (insp.data) setValue('inspectionAttributes', insp.data);
  }, [insp.data, setValue]);
  React.useEffect(() => {
    if (main.data) setValue('maintenanceAttributes', main.data);
  }, [main.data, setValue]);
  const save = useMutation(trpc.catalogue.categories.save.mutationOptions());
  const listsOk = useListsValid(form, [
    { name: 'inspectionAttributes', field: 'name' },
    { name: 'maintenanceAttributes', field: 'name' },
  ]);

  return (
    <FormDialog
      form={form}
      className="max-w-2xl"
      testId="category-dialog"
      formClassName="space-y-5"
      title={category ? t('editCategory') : t('newCategory')}
      description={t('categoriesDescription')}
      descriptionClassName="sr-only"
      name={form.watch('name') ?? ''}
      successText={t('categorySaved')}
      canSubmit={listsOk}
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        await qc.invalidateQueries({ queryKey: trpc.catalogue.categories.pathKey() });
      }}
      codeFields={{ CATEGORY_NAME_EXISTS: 'name' }}
      onClose={onClose}
    >
      <TextField
        form={form}
        name="name"
        id="category-name"
        label={`${t('name')} *`}
        autoFocus
        testId="category-name"
      />
      <CheckboxField
        form={form}
        name="enabled"
        id="category-enabled"
        label={t('enabled')}
        testId="category-enabled"
      />
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">{t('inspectionAttributes')}</h3>
        <EditableListField
          form={form}
          name="inspectionAttributes"
          textField="name"
          textLabel={t('attribute')}
          newRow={newAttribute}
          testId="inspection-attributes"
        />
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">{t('maintenanceAttributes')}</h3>
        <EditableListField
          form={form}
          name="maintenanceAttributes"
          textField="name"
          textLabel={t('attribute')}
          newRow={newAttribute}
          testId="maintenance-attributes"
        />
      </section>
      {!listsOk && <p className="text-sm text-destructive">{t('listInvalid')}</p>}
    </FormDialog>
  );
}
