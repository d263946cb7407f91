/**
 * A product's maintenance cycles (issue 30 item 1), opened from the products list: "Ciclos
 * próprios" off, the product follows its subcategory's list (shown read-only); on, it has its own
 * list, which starts as a copy of the subcategory's and is edited like it
 * (`catalogue.cycles.saveProductCycles`, PUT /web/products/{id}/cycles/). A read-only product
 * (another's exclusive) only shows.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CycleRefresh, saveProductCyclesSchema } from '../../../shared/cycles/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { CheckboxField, FormDialog, useAppForm } from '../../components/form/index.ts';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import {
  CycleListEditor,
  type CycleRow,
  cycleCodeFields,
  cycleRows,
  cycleSummary,
  withDistinctCodes,
} from './cycle-editor.tsx';
import { useCycleRefresh } from './cycle-refresh.tsx';
import { CYCLES_NS } from './cycles-i18n.ts';
import type { ProductRow } from './use-product-dialog.ts';

type Cycles = RouterOutputs['catalogue']['cycles']['typeCycles'];

const productCyclesFormSchema = withDistinctCodes(saveProductCyclesSchema);

export function ProductCyclesDialog({ product, onClose }: { product: ProductRow; onClose(): void }) {
  const { t } = useTranslation(CYCLES_NS);
  const trpc = useTRPC();
  const own = useQuery({
    ...trpc.catalogue.cycles.productCycles.queryOptions({ id: product.id }),
    staleTime: 0,
  });
  const typeId = product.inspectionTypeId;
  const typeCycles = useQuery({
    ...trpc.catalogue.cycles.typeCycles.queryOptions({ id: typeId }),
    staleTime: 0,
  });
  const type = useQuery(trpc.catalogue.inspectionTypes.get.queryOptions({ id: typeId }));
  const queries = [own, typeCycles, type] as const;
  // The lists as stored now (not cached copies: the form starts from them and saves them whole).
  if (!own.data || !typeCycles.data || !type.data || !own.isFetchedAfterMount) {
    const failed = queries.find((q) => q.isError);
    return (
      <Dialog open onOpenChange={(o) => !o && onClose()}>
        <DialogContent className="max-w-3xl" data-testid="product-cycles-loading">
          <DialogTitle>{t('title')}</DialogTitle>
          {failed ? (
            <ErrorPanel
              message={errorMessage(failed.error, t('loadFailed'))}
              onRetry={() => void failed.refetch()}
            />
          ) : (
            <Skeleton className="h-24 w-full" />
          )}
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <ProductCyclesForm
      product={product}
      ownCycles={own.data.ownCycles}
      cycles={own.data.cycles}
      typeCycles={typeCycles.data}
      questions={type.data.inspectionQuestions}
      onClose={onClose}
    />
  );
}

interface FormProps {
  product: ProductRow;
  ownCycles: boolean;
  cycles: Cycles;
  typeCycles: Cycles;
  questions: RouterOutputs['catalogue']['inspectionTypes']['get']['inspectionQuestions'];
  onClose(): void;
}

/** The form, or (a save left its equipment to the job) the refresh's progress in its place. */
function ProductCyclesForm(props: FormProps) {
  const { t } = useTranslation(CYCLES_NS);
  const r = useCycleRefresh(`${t('title')} — ${props.product.name}`, props.onClose);
  return r.dialog ?? <ProductCyclesEditor {...props} onSaved={r.answered} onClose={r.closeForm} />;
}

function ProductCyclesEditor({
  product,
  ownCycles,
  cycles,
  typeCycles,
  questions,
  onSaved,
  onClose,
}: FormProps & { onSaved(refresh: CycleRefresh | null): void }) {
  const { t } = useTranslation(CYCLES_NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useAppForm(productCyclesFormSchema, {
    id: product.id,
    ownCycles,
    cycles: cycleRows(ownCycles ? cycles : typeCycles),
  });
  const save = useMutation(trpc.catalogue.cycles.saveProductCycles.mutationOptions());
  const isOwn = useWatch({ control: form.control, name: 'ownCycles' }) === true;
  const rows = useWatch({ control: form.control, name: 'cycles' }) ?? [];
  return (
    <FormDialog
      form={form}
      className="max-w-3xl"
      testId="product-cycles-dialog"
      title={`${t('title')} — ${product.name}`}
      description={t('description')}
      name={product.name}
      successText={t('saved')}
      closeOnSuccess
      alwaysSummarize
      codeFields={cycleCodeFields(rows)}
      readOnly={product.readOnly}
      onSubmit={async (values) => {
        onSaved((await save.mutateAsync(values.ownCycles ? values : { ...values, cycles: [] })).refresh);
        await qc.invalidateQueries({ queryKey: trpc.catalogue.cycles.pathKey() });
      }}
      onClose={onClose}
    >
      <div className="space-y-3">
        <CheckboxField
          form={form}
          name="ownCycles"
          id="product-own-cycles"
          label={t('own')}
          disabled={product.readOnly}
          testId="product-own-cycles"
          aria-describedby="product-own-cycles-hint"
        />
        <p id="product-own-cycles-hint" className="text-sm text-muted-foreground">
          {t('ownHint')}
        </p>
        {isOwn ? (
          <CycleListEditor form={form} questions={questions} readOnly={product.readOnly} />
        ) : (
          <InheritedCycles cycles={cycleRows(typeCycles)} />
        )}
      </div>
    </FormDialog>
  );
}

function InheritedCycles({ cycles }: { cycles: CycleRow[] }) {
  const { t } = useTranslation(CYCLES_NS);
  return (
    <div className="space-y-2" data-testid="inherited-cycles">
      <p className="text-sm font-medium">{t('inherited')}</p>
      {cycles.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('inheritedEmpty')}</p>
      ) : (
        <ul className="space-y-1 rounded-md border p-3 text-sm">
          {cycles.map((c) => (
            <li key={c.code}>
              <span className="font-medium">{c.name}</span>
              {c.norm && <span className="text-muted-foreground"> ({c.norm})</span>}
              <span className="text-muted-foreground"> — {cycleSummary(t, c)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
