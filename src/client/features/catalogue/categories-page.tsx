import type { TriState } from '../../../shared/list.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryDto } from '../../../shared/catalogue/types.ts';
import { SAVE_SUCCESS_CLOSE_MS } from '../../../shared/catalogue/enums.ts';
import { DataTable, useListState } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { dateColumn, editColumn } from '../../components/table-columns.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { DialogFooter } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import {
  EditableList,
  type EditRow,
  EnabledBadge,
  EnabledFilter,
  listsValid,
  newKey,
  SaveDialog,
  type SaveState,
  SearchBox,
} from './components.tsx';
import { NS } from './i18n.ts';
import { ListError } from './list-error.tsx';

export function CategoriesPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useListState({ sort: 'name' });
  const [search, setSearch] = React.useState('');
  const query = useDebouncedValue(search);
  const [enabled, setEnabled] = React.useState<TriState>('all');
  const [editing, setEditing] = React.useState<CategoryDto | 'new' | null>(null);
  const { setQuery } = list;
  React.useEffect(() => setQuery(query), [query, setQuery]);
  const input = { ...list.input, enabled } as Parameters<
    typeof trpc.catalogue.categories.list.queryOptions
  >[0];
  const q = useQuery(
    trpc.catalogue.categories.list.queryOptions(input, { placeholderData: keepPreviousData }),
  );

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('categories')}
        description={t('categoriesDescription')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="add-category">
            <Plus aria-hidden />
            {t('newCategory')}
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={search} onChange={setSearch} placeholder={t('searchCategories')} />
        <EnabledFilter
          value={enabled}
          onChange={(v) => {
            setEnabled(v);
            list.setPage(0);
          }}
        />
      </div>
      {q.isError && <ListError onRetry={() => q.refetch()} />}
      <DataTable
        label={t('categories')}
        list={list}
        data={q.data}
        loading={q.isPending}
        fetching={q.isFetching}
        rowKey={(r) => r.id}
        onRowClick={(r) => setEditing(r)}
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
          dateColumn<CategoryDto>('updateDate', t('lastUpdate'), (r) => r.updateDate),
          editColumn<CategoryDto>(t('edit'), (r) => r.name, setEditing),
        ]}
      />
      {editing && (
        <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

const toRows = (rows: { id: number; name: string; enabled: boolean }[]): EditRow[] =>
  rows.map((r) => ({ key: newKey(), id: r.id, text: r.name, type: '', enabled: r.enabled }));
const fromRows = (rows: EditRow[]) => rows.map((r) => ({ id: r.id, name: r.text, enabled: r.enabled }));

function CategoryDialog({ category, onClose }: { category: CategoryDto | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [name, setName] = React.useState(category?.name ?? '');
  const [enabled, setEnabled] = React.useState(category?.enabled ?? false);
  const [inspection, setInspection] = React.useState<EditRow[]>([]);
  const [maintenance, setMaintenance] = React.useState<EditRow[]>([]);
  const [touched, setTouched] = React.useState(false);
  const [state, setState] = React.useState<SaveState>({ status: 'idle' });
  const id = category?.id;
  const insp = useQuery({
    ...trpc.catalogue.categories.attributes.queryOptions({ id: id ?? 0, kind: 'inspection' }),
    enabled: id !== undefined,
  });
  const main = useQuery({
    ...trpc.catalogue.categories.attributes.queryOptions({ id: id ?? 0, kind: 'maintenance' }),
    enabled: id !== undefined,
  });
  React.useEffect(() => insp.data && setInspection(toRows(insp.data)), [insp.data]);
  React.useEffect(() => main.data && setMaintenance(toRows(main.data)), [main.data]);
  const save = useMutation(trpc.catalogue.categories.save.mutationOptions());
  const busy = React.useRef(false);

  React.useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(onClose, SAVE_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state.status, onClose]);

  const nameError = touched && !name.trim();
  const valid = name.trim() !== '' && listsValid(inspection, maintenance);
  const submit = async () => {
    setTouched(true);
    if (!valid || busy.current) return;
    busy.current = true;
    setState({ status: 'submitting' });
    try {
      await save.mutateAsync({
        id,
        name,
        enabled,
        inspectionAttributes: fromRows(inspection),
        maintenanceAttributes: fromRows(maintenance),
      });
      await qc.invalidateQueries({ queryKey: trpc.catalogue.categories.pathKey() });
      setState({ status: 'success' });
    } catch (e) {
      setState({ status: 'error', message: errorMessage(e, t('saveError')) });
    } finally {
      busy.current = false;
    }
  };
  return (
    <SaveDialog
      className="max-w-2xl"
      testId="category-dialog"
      title={category ? t('editCategory') : t('newCategory')}
      description={t('categoriesDescription')}
      descriptionClassName="sr-only"
      state={state}
      name={name}
      successText={t('categorySaved')}
      onRetry={() => setState({ status: 'idle' })}
      onClose={onClose}
    >
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor="category-name">{t('name')} *</Label>
          <Input
            id="category-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={nameError || undefined}
            autoFocus
            data-testid="category-name"
          />
          {nameError && <p className="text-xs text-destructive">{t('required')}</p>}
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id="category-enabled"
            checked={enabled}
            onCheckedChange={(v) => setEnabled(v === true)}
            data-testid="category-enabled"
          />
          <Label htmlFor="category-enabled">{t('enabled')}</Label>
        </div>
        <section className="space-y-2">
          <h3 className="text-sm font-semibold">{t('inspectionAttributes')}</h3>
          <EditableList
            rows={inspection}
            onChange={setInspection}
            textLabel={t('attribute')}
            defaultType=""
            testId="inspection-attributes"
          />
        </section>
        <section className="space-y-2">
          <h3 className="text-sm font-semibold">{t('maintenanceAttributes')}</h3>
          <EditableList
            rows={maintenance}
            onChange={setMaintenance}
            textLabel={t('attribute')}
            defaultType=""
            testId="maintenance-attributes"
          />
        </section>
        {!listsValid(inspection, maintenance) && (
          <p className="text-sm text-destructive">{t('listInvalid')}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common:common.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!listsValid(inspection, maintenance) || (touched && !valid)}
            data-testid="save"
          >
            {t('common:common.save')}
          </Button>
        </DialogFooter>
      </form>
    </SaveDialog>
  );
}
