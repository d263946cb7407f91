import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ATTRIBUTE_TYPES,
  CUSTOM_ANSWER_TYPES,
  DEFAULTS,
  INSPECTION_QUESTION_TYPES,
  MAINTENANCE_QUESTION_TYPES,
  MAX_CUSTOM_ANSWERS,
} from '../../../shared/catalogue/enums.ts';
import { listInspectionTypesSchema, saveInspectionTypeSchema } from '../../../shared/catalogue/schemas.ts';
import {
  CheckboxField,
  FormDialog,
  SelectField,
  TextField,
  useAppForm,
} from '../../components/form/index.ts';
import { ListError, ListPage, useServerList } from '../../components/list/index.ts';
import { dateColumn, editColumn } from '../../components/table-columns.tsx';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { EditableListField, EnabledBadge, pickableOptions, useListsValid } from './components.tsx';
import { TypeCyclesDialog } from './cycles-dialog.tsx';
import { cyclesColumn } from './cycles-column.tsx';
import { CatalogueEmptyHint } from './empty-hint.tsx';
import { NS } from './i18n.ts';

type SubcategoryRow = RouterOutputs['catalogue']['inspectionTypes']['list']['items'][number];
type SubcategoryDetail = RouterOutputs['catalogue']['inspectionTypes']['get'];

export function SubcategoriesPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const list = useServerList(trpc.catalogue.inspectionTypes.list, { schema: listInspectionTypesSchema });
  const [editing, setEditing] = React.useState<SubcategoryRow | 'new' | null>(null);
  const [cycles, setCycles] = React.useState<SubcategoryRow | null>(null);
  return (
    <ListPage
      title={t('subcategories')}
      description={t('subcategoriesDescription')}
      add={{ label: t('newSubcategory'), onClick: () => setEditing('new'), testId: 'add-subcategory' }}
      list={list}
      searchPlaceholder={t('searchSubcategories')}
      rowKey={(r) => r.id}
      onRowClick={setEditing}
      // Nothing at all yet (not a search or filter that found nothing): what to create first.
      emptyText={
        !list.input.query && list.input.enabled === 'all' && list.input.categoryId === undefined ? (
          <CatalogueEmptyHint kind="subcategories" />
        ) : undefined
      }
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
        dateColumn<SubcategoryRow>('updateDate', t('lastUpdate'), (r) => r.updateDate),
        cyclesColumn<SubcategoryRow>((r) => r.name, setCycles, 'subcategory-cycles'),
        editColumn<SubcategoryRow>(t('edit'), (r) => r.name, setEditing),
      ]}
    >
      {editing && (
        <SubcategoryDialog id={editing === 'new' ? undefined : editing.id} onClose={() => setEditing(null)} />
      )}
      {cycles && <TypeCyclesDialog id={cycles.id} name={cycles.name} onClose={() => setCycles(null)} />}
    </ListPage>
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
            <ListError error={detail.error} onRetry={() => detail.refetch()} />
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

/** What the form edits: the save payload, each question with its (possibly empty) custom answers. */
function initialValues(detail?: SubcategoryDetail) {
  return {
    id: detail?.id,
    name: detail?.name ?? '',
    categoryId: detail?.categoryId as number,
    enabled: detail?.enabled ?? DEFAULTS.newItemEnabled,
    inspectionQuestions:
      detail?.inspectionQuestions.map((q) => ({
        id: q.id,
        question: q.question,
        type: q.type,
        enabled: q.enabled,
        opensServiceOrder: q.opensServiceOrder,
        customAnswers: q.customAnswers.map((a) => ({
          id: a.id,
          answer: a.answer,
          type: a.type,
          enabled: a.enabled,
        })),
      })) ?? [],
    maintenanceQuestions:
      detail?.maintenanceQuestions.map((q) => ({
        id: q.id,
        question: q.question,
        type: q.type,
        enabled: q.enabled,
      })) ?? [],
    attributes:
      detail?.attributes.map((a) => ({
        id: a.id,
        attribute: a.attribute,
        type: a.type,
        enabled: a.enabled,
      })) ?? [],
  };
}

function SubcategoryForm({ detail, onClose }: { detail?: SubcategoryDetail; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const form = useAppForm(saveInspectionTypeSchema, initialValues(detail));
  const save = useMutation(trpc.catalogue.inspectionTypes.save.mutationOptions());
  const questions = (useWatch({ control: form.control, name: 'inspectionQuestions' }) ?? []) as {
    customAnswers?: unknown[];
  }[];
  const answerLists = questions.map((_, i) => ({
    name: `inspectionQuestions.${i}.customAnswers`,
    field: 'answer',
  }));
  const listsValid = useListsValid(form, [
    { name: 'inspectionQuestions', field: 'question' },
    { name: 'maintenanceQuestions', field: 'question' },
    { name: 'attributes', field: 'attribute' },
    ...answerLists,
  ]);
  const listsOk = listsValid && questions.every((q) => (q.customAnswers?.length ?? 0) <= MAX_CUSTOM_ANSWERS);

  return (
    <FormDialog
      form={form}
      className="max-w-3xl"
      testId="subcategory-dialog"
      formClassName="space-y-4"
      title={detail ? t('editSubcategory') : t('newSubcategory')}
      description={t('subcategoriesDescription')}
      descriptionClassName="sr-only"
      name={form.watch('name') ?? ''}
      successText={t('subcategorySaved')}
      closeOnSuccess
      canSubmit={listsOk}
      onSubmit={async (values) => {
        await save.mutateAsync({
          ...values,
          inspectionQuestions: values.inspectionQuestions?.map((q) => ({
            ...q,
            customAnswers: q.customAnswers?.length ? q.customAnswers : undefined,
          })),
        });
        await qc.invalidateQueries({ queryKey: trpc.catalogue.inspectionTypes.pathKey() });
      }}
      alwaysSummarize
      codeFields={{ INSPECTION_TYPE_NAME_EXISTS: 'name' }}
      onClose={onClose}
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
          <TextField
            form={form}
            name="name"
            id="sub-name"
            label={`${t('name')} *`}
            testId="subcategory-name"
          />
          <SelectField
            form={form}
            name="categoryId"
            id="sub-category"
            label={`${t('category')} *`}
            valueAs="number"
            testId="subcategory-category"
            // Disabled categories cannot be picked (the current one stays shown).
            options={pickableOptions(categories.data, detail?.categoryId)}
          />
          <CheckboxField
            form={form}
            name="enabled"
            id="sub-enabled"
            label={t('enabled')}
            testId="subcategory-enabled"
          />
        </TabsContent>
        <TabsContent value="inspection" className="pt-4">
          <EditableListField
            form={form}
            name="inspectionQuestions"
            textField="question"
            textLabel={t('question')}
            typeOptions={typeOptions(t, INSPECTION_QUESTION_TYPES)}
            newRow={() => ({
              question: '',
              type: DEFAULTS.questionType,
              enabled: true,
              opensServiceOrder: false,
              customAnswers: [],
            })}
            testId="inspection-questions"
            renderBelow={(path, row) => {
              const answers = (row.customAnswers as unknown[] | undefined) ?? [];
              return (
                <>
                  {/* A negative answer (NO, or a NEGATIVE custom answer) opens a maintenance OS
                      (issue 14); a text answer is never negative. */}
                  {row.type !== 'TEXT' && (
                    <CheckboxField
                      form={form}
                      name={`${path}.opensServiceOrder` as never}
                      id={`${path}-opens-os`}
                      label={t('opensServiceOrder')}
                      className="mt-2"
                      testId="inspection-questions-opens-os"
                    />
                  )}
                  {(row.type === 'CUSTOM' || answers.length > 0) && (
                    <div className="mt-2 ml-4 border-l-2 border-primary/30 pl-3">
                      <p className="mb-1 text-xs font-semibold text-muted-foreground">
                        {t('answers')} ·{' '}
                        {t('answersCount', { count: answers.length, max: MAX_CUSTOM_ANSWERS })}
                      </p>
                      <EditableListField
                        form={form}
                        name={`${path}.customAnswers`}
                        textField="answer"
                        textLabel={t('answer')}
                        typeOptions={typeOptions(t, CUSTOM_ANSWER_TYPES)}
                        newRow={() => ({ answer: '', type: DEFAULTS.customAnswerType, enabled: true })}
                        addLabel={t('addAnswer')}
                        max={MAX_CUSTOM_ANSWERS}
                        testId="custom-answers"
                      />
                    </div>
                  )}
                </>
              );
            }}
          />
        </TabsContent>
        <TabsContent value="maintenance" className="pt-4">
          <EditableListField
            form={form}
            name="maintenanceQuestions"
            textField="question"
            textLabel={t('question')}
            typeOptions={typeOptions(t, MAINTENANCE_QUESTION_TYPES)}
            newRow={() => ({ question: '', type: 'YES_NO_NA', enabled: true })}
            testId="maintenance-questions"
          />
        </TabsContent>
        <TabsContent value="attributes" className="pt-4">
          <EditableListField
            form={form}
            name="attributes"
            textField="attribute"
            textLabel={t('attribute')}
            typeOptions={typeOptions(t, ATTRIBUTE_TYPES)}
            newRow={() => ({ attribute: '', type: DEFAULTS.attributeType, enabled: true })}
            testId="type-attributes"
          />
        </TabsContent>
      </Tabs>
      {!listsOk && <p className="text-sm text-destructive">{t('listInvalid')}</p>}
    </FormDialog>
  );
}
