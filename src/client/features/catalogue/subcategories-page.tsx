import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTRIBUTE_TYPES,
  CUSTOM_ANSWER_TYPES,
  DEFAULTS,
  INSPECTION_QUESTION_TYPES,
  MAINTENANCE_QUESTION_TYPES,
  MAX_CUSTOM_ANSWERS,
} from '../../../shared/catalogue/enums.ts';
import type { InspectionTypeDetailDto, InspectionTypeDto } from '../../../shared/catalogue/types.ts';
import { DataTable, useListState } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { dateColumn, editColumn } from '../../components/table-columns.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogFooter, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { toast } from 'sonner';
import {
  EditableList,
  type EditRow,
  EnabledBadge,
  listsValid,
  newKey,
  SaveDialog,
  type SaveState,
  SearchBox,
} from './components.tsx';
import { NS } from './i18n.ts';
import { ListError } from './list-error.tsx';

export function SubcategoriesPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useListState({ sort: 'name' });
  const [search, setSearch] = React.useState('');
  const query = useDebouncedValue(search);
  const [editing, setEditing] = React.useState<InspectionTypeDto | 'new' | null>(null);
  const { setQuery } = list;
  React.useEffect(() => setQuery(query), [query, setQuery]);
  const input = list.input as Parameters<typeof trpc.catalogue.inspectionTypes.list.queryOptions>[0];
  const q = useQuery(
    trpc.catalogue.inspectionTypes.list.queryOptions(input, { placeholderData: keepPreviousData }),
  );
  return (
    <div className="space-y-5">
      <PageHeader
        title={t('subcategories')}
        description={t('subcategoriesDescription')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="add-subcategory">
            <Plus aria-hidden />
            {t('newSubcategory')}
          </Button>
        }
      />
      <SearchBox value={search} onChange={setSearch} placeholder={t('searchSubcategories')} />
      {q.isError && <ListError onRetry={() => q.refetch()} />}
      <DataTable
        label={t('subcategories')}
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
            cell: (r) => (
              <span className="inline-flex items-center gap-2 font-medium">
                {r.name}
                {!r.enabled && <EnabledBadge enabled={false} />}
              </span>
            ),
          },
          { id: 'categoryName', header: t('category'), sortable: true, cell: (r) => r.categoryName },
          dateColumn<InspectionTypeDto>('updateDate', t('lastUpdate'), (r) => r.updateDate),
          editColumn<InspectionTypeDto>(t('edit'), (r) => r.name, setEditing),
        ]}
      />
      {editing && (
        <SubcategoryDialog id={editing === 'new' ? undefined : editing.id} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

function SubcategoryDialog({ id, onClose }: { id?: number; onClose(): void }) {
  const trpc = useTRPC();
  const detail = useQuery({
    ...trpc.catalogue.inspectionTypes.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== undefined,
    staleTime: 0,
  });
  if (id !== undefined && !detail.data) {
    return (
      <Dialog open onOpenChange={(o) => !o && onClose()}>
        <DialogContent className="max-w-3xl">
          <DialogTitle className="sr-only">…</DialogTitle>
          {detail.isError ? (
            <ListError onRetry={() => detail.refetch()} />
          ) : (
            <Spinner className="mx-auto my-10 size-8" />
          )}
        </DialogContent>
      </Dialog>
    );
  }
  return <SubcategoryForm detail={detail.data} onClose={onClose} />;
}

const typeOptions = (t: (k: string) => string, types: readonly string[]) =>
  types.map((v) => ({ value: v, label: t(`types.${v}`) }));

function SubcategoryForm({ detail, onClose }: { detail?: InspectionTypeDetailDto; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const [name, setName] = React.useState(detail?.name ?? '');
  const [categoryId, setCategoryId] = React.useState<number | undefined>(detail?.categoryId);
  const [enabled, setEnabled] = React.useState(detail?.enabled ?? false);
  const [questions, setQuestions] = React.useState<EditRow[]>(
    () =>
      detail?.inspectionQuestions.map((q) => ({
        key: newKey(),
        id: q.id,
        text: q.question,
        type: q.type,
        enabled: q.enabled,
        answers: q.customAnswers.map((a) => ({
          key: newKey(),
          id: a.id,
          text: a.answer,
          type: a.type,
          enabled: a.enabled,
        })),
      })) ?? [],
  );
  const [maintenance, setMaintenance] = React.useState<EditRow[]>(
    () =>
      detail?.maintenanceQuestions.map((q) => ({
        key: newKey(),
        id: q.id,
        text: q.question,
        type: q.type,
        enabled: q.enabled,
      })) ?? [],
  );
  const [attributes, setAttributes] = React.useState<EditRow[]>(
    () =>
      detail?.attributes.map((a) => ({
        key: newKey(),
        id: a.id,
        text: a.attribute,
        type: a.type,
        enabled: a.enabled,
      })) ?? [],
  );
  const [touched, setTouched] = React.useState(false);
  const [state, setState] = React.useState<SaveState>({ status: 'idle' });
  const save = useMutation(trpc.catalogue.inspectionTypes.save.mutationOptions());
  const busy = React.useRef(false);

  const answerLists = questions.map((q) => q.answers ?? []);
  const listsOk =
    listsValid(questions, maintenance, attributes, ...answerLists) &&
    answerLists.every((a) => a.length <= MAX_CUSTOM_ANSWERS);
  const valid = name.trim() !== '' && categoryId !== undefined && listsOk;
  const submit = async () => {
    setTouched(true);
    if (!valid || busy.current || categoryId === undefined) return;
    busy.current = true;
    setState({ status: 'submitting' });
    try {
      await save.mutateAsync({
        id: detail?.id,
        name,
        categoryId,
        enabled,
        inspectionQuestions: questions.map((q) => ({
          id: q.id,
          question: q.text,
          type: q.type as 'YES_NO_NA',
          enabled: q.enabled,
          customAnswers: q.answers?.length
            ? q.answers.map((a) => ({
                id: a.id,
                answer: a.text,
                type: a.type as 'POSITIVE',
                enabled: a.enabled,
              }))
            : undefined,
        })),
        maintenanceQuestions: maintenance.map((q) => ({
          id: q.id,
          question: q.text,
          type: q.type as 'YES_NO_NA',
          enabled: q.enabled,
        })),
        attributes: attributes.map((a) => ({
          id: a.id,
          attribute: a.text,
          type: a.type as 'TEXT',
          enabled: a.enabled,
        })),
      });
      await qc.invalidateQueries({ queryKey: trpc.catalogue.inspectionTypes.pathKey() });
      toast.success(t('subcategorySaved'));
      onClose();
    } catch (e) {
      setState({ status: 'error', message: errorMessage(e, t('saveError')) });
    } finally {
      busy.current = false;
    }
  };
  const currentCategory = detail?.categoryId;
  return (
    <SaveDialog
      className="max-w-3xl"
      testId="subcategory-dialog"
      title={detail ? t('editSubcategory') : t('newSubcategory')}
      description={t('subcategoriesDescription')}
      descriptionClassName="sr-only"
      state={state}
      name={name}
      successText={t('subcategorySaved')}
      onRetry={() => setState({ status: 'idle' })}
      onClose={onClose}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <Tabs defaultValue="general">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="general">{t('tabGeneral')}</TabsTrigger>
            <TabsTrigger value="inspection" data-testid="tab-inspection">
              {t('tabInspectionQuestions')}
            </TabsTrigger>
            <TabsTrigger value="maintenance" data-testid="tab-maintenance">
              {t('tabMaintenanceQuestions')}
            </TabsTrigger>
            <TabsTrigger value="attributes" data-testid="tab-attributes">
              {t('tabAttributes')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="general" className="space-y-4 pt-4">
            <div className="space-y-1.5">
              <Label htmlFor="sub-name">{t('name')} *</Label>
              <Input
                id="sub-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={(touched && !name.trim()) || undefined}
                data-testid="subcategory-name"
              />
              {touched && !name.trim() && <p className="text-xs text-destructive">{t('required')}</p>}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="sub-category">{t('category')} *</Label>
              <Select
                value={categoryId ? String(categoryId) : ''}
                onValueChange={(v) => setCategoryId(Number(v))}
              >
                <SelectTrigger
                  id="sub-category"
                  aria-invalid={(touched && !categoryId) || undefined}
                  data-testid="subcategory-category"
                >
                  <SelectValue placeholder={t('select')} />
                </SelectTrigger>
                <SelectContent>
                  {categories.data?.map((c) => (
                    // Disabled categories cannot be picked (the current one stays shown).
                    <SelectItem
                      key={c.id}
                      value={String(c.id)}
                      disabled={!c.enabled && c.id !== currentCategory}
                    >
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {touched && !categoryId && <p className="text-xs text-destructive">{t('required')}</p>}
            </div>
            <div className="flex items-center gap-2">
              <Checkbox
                id="sub-enabled"
                checked={enabled}
                onCheckedChange={(v) => setEnabled(v === true)}
                data-testid="subcategory-enabled"
              />
              <Label htmlFor="sub-enabled">{t('enabled')}</Label>
            </div>
          </TabsContent>
          <TabsContent value="inspection" className="pt-4">
            <EditableList
              rows={questions}
              onChange={setQuestions}
              textLabel={t('question')}
              typeOptions={typeOptions(t, INSPECTION_QUESTION_TYPES)}
              defaultType={DEFAULTS.questionType}
              testId="inspection-questions"
              renderBelow={(row, update) =>
                row.type === 'CUSTOM' || row.answers?.length ? (
                  <div className="mt-2 ml-4 border-l-2 border-primary/30 pl-3">
                    <p className="mb-1 text-xs font-semibold text-muted-foreground">
                      {t('answers')} ·{' '}
                      {t('answersCount', { count: row.answers?.length ?? 0, max: MAX_CUSTOM_ANSWERS })}
                    </p>
                    <EditableList
                      rows={row.answers ?? []}
                      onChange={(answers) => update({ ...row, answers })}
                      textLabel={t('answer')}
                      typeOptions={typeOptions(t, CUSTOM_ANSWER_TYPES)}
                      defaultType={DEFAULTS.customAnswerType}
                      addLabel={t('addAnswer')}
                      max={MAX_CUSTOM_ANSWERS}
                      testId="custom-answers"
                    />
                  </div>
                ) : null
              }
            />
          </TabsContent>
          <TabsContent value="maintenance" className="pt-4">
            <EditableList
              rows={maintenance}
              onChange={setMaintenance}
              textLabel={t('question')}
              typeOptions={typeOptions(t, MAINTENANCE_QUESTION_TYPES)}
              defaultType="YES_NO_NA"
              testId="maintenance-questions"
            />
          </TabsContent>
          <TabsContent value="attributes" className="pt-4">
            <EditableList
              rows={attributes}
              onChange={setAttributes}
              textLabel={t('attribute')}
              typeOptions={typeOptions(t, ATTRIBUTE_TYPES)}
              defaultType={DEFAULTS.attributeType}
              testId="type-attributes"
            />
          </TabsContent>
        </Tabs>
        {!listsOk && <p className="text-sm text-destructive">{t('listInvalid')}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" disabled={!listsOk || (touched && !valid)} data-testid="save">
            {t('common:common.save')}
          </Button>
        </DialogFooter>
      </form>
    </SaveDialog>
  );
}
