/**
 * "Ciclos de manutenção" of a subcategory (issue 30 item 1), opened from the subcategories list:
 * the cycles in order, edited in place (./cycle-editor.tsx) and saved as one list
 * (`catalogue.cycles.saveTypeCycles`, PUT /web/inspection-types/{id}/cycles/: the list replaces
 * the stored one). "Aplicar modelo" shows the presets of the norms with each one's cycles, and
 * applies one in a click (`catalogue.cycles.applyPreset`: saved at once, named in the user's
 * language); the form then shows the saved list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BookOpenCheck } from 'lucide-react';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CyclePreset, CycleRefresh } from '../../../shared/cycles/schemas.ts';
import { saveTypeCyclesSchema } from '../../../shared/cycles/schemas.ts';
import { LANGUAGES, type Language } from '../../../shared/enums.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { FormDialog, useAppForm } from '../../components/form/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import {
  type CycleQuestion,
  CycleListEditor,
  cycleCodeFields,
  cycleRows,
  cycleSummary,
  withDistinctCodes,
} from './cycle-editor.tsx';
import { CycleRefreshStatus, useCycleRefresh } from './cycle-refresh.tsx';
import { CYCLES_NS } from './cycles-i18n.ts';

type TypeCycles = RouterOutputs['catalogue']['cycles']['typeCycles'];

const typeCyclesFormSchema = withDistinctCodes(saveTypeCyclesSchema);

/** The user's language as the presets name it (pt when the UI's is another). */
export function presetLanguage(lang: string | undefined): Language {
  const l = (lang ?? '').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'pt';
}

export function TypeCyclesDialog({ id, name, onClose }: { id: number; name: string; onClose(): void }) {
  const { t } = useTranslation(CYCLES_NS);
  const trpc = useTRPC();
  const cycles = useQuery({ ...trpc.catalogue.cycles.typeCycles.queryOptions({ id }), staleTime: 0 });
  const type = useQuery(trpc.catalogue.inspectionTypes.get.queryOptions({ id }));
  // The list as stored now (not a cached copy: the form starts from it and saves it whole).
  if (!cycles.data || !type.data || !cycles.isFetchedAfterMount) {
    const failed = cycles.isError ? cycles : type.isError ? type : null;
    return (
      <Dialog open onOpenChange={(o) => !o && onClose()}>
        <DialogContent className="max-w-3xl" data-testid="cycles-dialog-loading">
          <DialogTitle>{t('title')}</DialogTitle>
          {failed ? (
            <ErrorPanel
              message={errorMessage(failed.error, t('loadFailed'))}
              onRetry={() => void failed.refetch()}
            />
          ) : (
            <div className="space-y-2">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          )}
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <TypeCyclesForm
      id={id}
      name={name}
      cycles={cycles.data}
      questions={type.data.inspectionQuestions}
      onClose={onClose}
    />
  );
}

/** The form, or (a save left its equipment to the job) the refresh's progress in its place. */
function TypeCyclesForm(props: {
  id: number;
  name: string;
  cycles: TypeCycles;
  questions: readonly CycleQuestion[];
  onClose(): void;
}) {
  const { t } = useTranslation(CYCLES_NS);
  const r = useCycleRefresh(`${t('title')} — ${props.name}`, props.onClose);
  return (
    r.dialog ?? <TypeCyclesEditor {...props} refresh={r.refresh} onSaved={r.answered} onClose={r.closeForm} />
  );
}

function TypeCyclesEditor({
  id,
  name,
  cycles,
  questions,
  refresh,
  onSaved,
  onClose,
}: {
  id: number;
  name: string;
  cycles: TypeCycles;
  questions: readonly CycleQuestion[];
  refresh: CycleRefresh | null;
  onSaved(refresh: CycleRefresh | null): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation(CYCLES_NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useAppForm(typeCyclesFormSchema, { id, cycles: cycleRows(cycles) });
  const rows = useWatch({ control: form.control, name: 'cycles' }) ?? [];
  const save = useMutation(trpc.catalogue.cycles.saveTypeCycles.mutationOptions());
  const apply = useMutation(trpc.catalogue.cycles.applyPreset.mutationOptions());
  const [presets, setPresets] = React.useState(false);
  const language = presetLanguage(i18n.resolvedLanguage ?? i18n.language);

  const applyPreset = async (preset: CyclePreset) => {
    try {
      const saved = await apply.mutateAsync({ id, preset: preset.id, language });
      form.reset({ id, cycles: cycleRows(saved.cycles) });
      onSaved(saved.refresh);
      qc.setQueryData(trpc.catalogue.cycles.typeCycles.queryKey({ id }), saved.cycles);
      await qc.invalidateQueries({ queryKey: trpc.catalogue.cycles.pathKey() });
      toast.success(t('presetApplied', { name: preset.name[language] }));
      setPresets(false);
    } catch (err) {
      toast.error(errorMessage(err, t('presetFailed')));
    }
  };

  return (
    <FormDialog
      form={form}
      className="max-w-3xl"
      testId="cycles-dialog"
      title={`${t('title')} — ${name}`}
      description={t('description')}
      name={name}
      successText={t('saved')}
      closeOnSuccess
      alwaysSummarize
      codeFields={cycleCodeFields(rows)}
      onSubmit={async (values) => {
        onSaved((await save.mutateAsync(values)).refresh);
        await qc.invalidateQueries({ queryKey: trpc.catalogue.cycles.pathKey() });
      }}
      onClose={onClose}
      footerStart={
        <Button
          type="button"
          variant="outline"
          className="sm:mr-auto"
          onClick={() => setPresets(true)}
          data-testid="cycles-presets"
        >
          <BookOpenCheck aria-hidden />
          {t('presets')}
        </Button>
      }
      override={
        presets ? (
          <PresetPicker
            language={language}
            dirty={form.formState.isDirty}
            applying={apply.isPending ? (apply.variables?.preset ?? null) : null}
            onApply={(p) => void applyPreset(p)}
            onBack={() => setPresets(false)}
          />
        ) : undefined
      }
    >
      <div className="space-y-3">
        {refresh && <CycleRefreshStatus refresh={refresh} />}
        <CycleListEditor form={form} questions={questions} />
      </div>
    </FormDialog>
  );
}

/** The presets, each with its norm and cycles, and a button that applies it. */
function PresetPicker({
  language,
  dirty,
  applying,
  onApply,
  onBack,
}: {
  language: Language;
  dirty: boolean;
  applying: string | null;
  onApply(preset: CyclePreset): void;
  onBack(): void;
}) {
  const { t } = useTranslation(CYCLES_NS);
  const trpc = useTRPC();
  const presets = useQuery(trpc.catalogue.cycles.presets.queryOptions({}));
  const back = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => back.current?.focus(), []);
  return (
    <section className="space-y-3" aria-labelledby="cycle-presets-title" data-testid="cycle-presets">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="cycle-presets-title" className="font-semibold">
          {t('presetsTitle')}
        </h3>
        <Button
          ref={back}
          type="button"
          variant="outline"
          size="sm"
          onClick={onBack}
          data-testid="cycle-presets-back"
        >
          <ArrowLeft aria-hidden />
          {t('backToList')}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t('presetsHint')}</p>
      {dirty && (
        <p className="text-sm font-medium text-warning" role="status">
          {t('presetsDirty')}
        </p>
      )}
      {presets.isPending && (
        <div className="space-y-2" role="status">
          <span className="sr-only">{t('presetsLoading')}</span>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
      {presets.isError && (
        <ErrorPanel
          message={errorMessage(presets.error, t('loadFailed'))}
          onRetry={() => void presets.refetch()}
        />
      )}
      <ul className="max-h-[55dvh] space-y-2 overflow-y-auto pr-1">
        {presets.data?.map((p) => (
          <li key={p.id} className="rounded-md border p-3" data-testid="cycle-preset" data-preset={p.id}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{p.name[language]}</p>
                <Badge variant="outline" className="mt-1">
                  {p.norm}
                </Badge>
              </div>
              <Button
                type="button"
                size="sm"
                disabled={applying !== null}
                aria-label={t('presetApplyAria', { name: p.name[language] })}
                onClick={() => onApply(p)}
                data-testid="cycle-preset-apply"
              >
                {applying === p.id && <Spinner className="size-4" />}
                {t('presetApply')}
              </Button>
            </div>
            <ul className="mt-2 space-y-1 text-sm">
              {p.cycles.map((c) => (
                <li key={c.code}>
                  <span className="font-medium">{c.name[language]}</span>
                  <span className="text-muted-foreground">
                    {' '}
                    — {cycleSummary(t, { ...c, name: c.name[language] })}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
