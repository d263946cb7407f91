import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  DEFAULTS,
  type PART_UNITS,
  type PERIODICITIES,
  PRODUCT_IMAGE_MAX_BYTES,
} from '../../../shared/catalogue/enums.ts';
import { IMAGE_SIGNATURE_BYTES, sniffImageType } from '../../../shared/catalogue/image.ts';
import { saveProductSchema } from '../../../shared/catalogue/schemas.ts';
import { useAppForm } from '../../components/form/index.ts';
import { useLoggedUser } from '../../lib/session.tsx';
import { errorMessage, restFetch, useTRPC } from '../../lib/trpc.ts';
import { useListsValid } from './components.tsx';
import { NS } from './i18n.ts';
import type { RouterOutputs } from '../../lib/api-types.ts';

/** Why a file cannot be the product's image (its bytes, then a real decode), or null when it can. */
async function imageProblem(file: File): Promise<'imageType' | 'imageUnreadable' | null> {
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  if (!sniffImageType(head)) return 'imageType';
  try {
    (await createImageBitmap(file)).close();
    return null;
  } catch {
    return 'imageUnreadable';
  }
}

/**
 * The image chosen for the product: checked (size, the type its bytes say, a real decode) as soon
 * as it is picked, so a file that is not an image never lets the product be saved without it
 * (issue 16 item 2), and previewed from the file itself before saving.
 */
function useImageChoice() {
  const { t } = useTranslation(NS);
  const [choice, setChoice] = React.useState<{ file: File; url: string } | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [checking, setChecking] = React.useState(false);
  const turn = React.useRef(0);
  React.useEffect(
    () => () => {
      if (choice) URL.revokeObjectURL(choice.url);
    },
    [choice],
  );
  const discard = () => {
    turn.current++;
    setChecking(false);
    setError(null);
    setChoice(null);
  };
  const pick = async (file: File | null) => {
    discard();
    if (!file) return;
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) return setError(t('imageTooLarge'));
    const mine = turn.current;
    setChecking(true);
    const problem = await imageProblem(file);
    if (mine !== turn.current) return;
    setChecking(false);
    if (problem) setError(t(problem));
    else setChoice({ file, url: URL.createObjectURL(file) });
  };
  return { choice, error, checking, pick, discard };
}

/** The product was saved; its image was not (a failed upload). */
class ImageNotSent extends Error {
  constructor(readonly reason: unknown) {
    super('image not sent');
  }
}

/** A product as the catalogue's list answers it. */
export type ProductRow = RouterOutputs['catalogue']['products']['list']['items'][number];

const initialValues = (p: ProductRow | null) => ({
  id: p?.id,
  product: {
    sku: p?.sku ?? '',
    name: p?.name ?? '',
    enabled: p?.enabled ?? DEFAULTS.newItemEnabled,
    shortDescription: p?.shortDescription ?? '',
    isDvExclusive: p?.isDvExclusive ?? false,
    isDueDate: p?.isDueDate ?? false,
    inspectionSchedule: (p?.inspectionSchedule ??
      DEFAULTS.inspectionSchedule) as (typeof PERIODICITIES)[number],
    daysNotificationDueDate: p?.daysNotificationDueDate ?? DEFAULTS.notificationDays,
    daysNotificationNextInspectionDate: p?.daysNotificationNextInspectionDate ?? DEFAULTS.notificationDays,
    manufacturer: p?.manufacturer ?? '',
    manufacturingNumber: p?.manufacturingNumber ?? '',
    categoryId: p?.categoryId as number,
    inspectionTypeId: p?.inspectionTypeId as number,
    retestDate: p?.retestDate ?? null,
    rechargeDate: p?.rechargeDate ?? null,
    weightDate: p?.weightDate ?? null,
  },
  maintenanceParts: [] as {
    id?: number;
    name: string;
    unit: (typeof PART_UNITS)[number];
    enabled: boolean;
  }[],
});

/**
 * The product dialog's state (issue 27 item 5): the form, the option lists it reads, the image
 * choice, and the save — product first, then the image upload, with "Tentar novamente" after a
 * failed upload sending only the image.
 */
export function useProductDialog(product: ProductRow | null) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const user = useLoggedUser();
  const isProvider = user.currentRole === 'MOBCHECK_ADMIN';
  const readOnly = product?.readOnly ?? false;
  const form = useAppForm(saveProductSchema, initialValues(product));
  const image = useImageChoice();
  // What was saved last: after a failed upload, "Tentar novamente" with the same values sends only
  // the image, and a new product is from then on updated, never created twice.
  const saved = React.useRef<{ id: number; input: string } | null>(null);
  const [savedId, setSavedId] = React.useState(product?.id);
  const categoryId = useWatch({ control: form.control, name: 'product.categoryId' });
  const isDueDate = useWatch({ control: form.control, name: 'product.isDueDate' });
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const types = useQuery({
    ...trpc.catalogue.inspectionTypes.options.queryOptions({ categoryId }),
    enabled: categoryId !== undefined,
  });
  const storedParts = useQuery({
    ...trpc.catalogue.products.maintenanceParts.queryOptions({ id: product?.id ?? 0 }),
    enabled: !!product,
  });
  const { setValue } = form;
  React.useEffect(() => {
    if (storedParts.data) setValue('maintenanceParts', storedParts.data);
  }, [storedParts.data, setValue]);
  const save = useMutation(trpc.catalogue.products.save.mutationOptions());
  const partsOk = useListsValid(form, [{ name: 'maintenanceParts', field: 'name' }]);

  const submit = async (values: ProductFormValues) => {
    const { isDvExclusive, ...fields } = values.product;
    const input = {
      ...values,
      product: {
        ...fields,
        // Only the provider admin may set the exclusive flag; the server refuses it from others.
        ...(isProvider ? { isDvExclusive } : {}),
        daysNotificationDueDate: fields.isDueDate ? fields.daysNotificationDueDate : null,
      },
    };
    const key = JSON.stringify({ ...input, id: undefined });
    if (saved.current?.input !== key) {
      const { id } = await save.mutateAsync({ ...input, id: saved.current?.id ?? values.id });
      saved.current = { id, input: key };
      setSavedId(id);
    }
    const id = saved.current.id;
    // The seed reloads the page after a product save; refreshing the queries has the same effect.
    const refresh = () => qc.invalidateQueries({ queryKey: trpc.catalogue.products.pathKey() });
    if (image.choice) {
      const body = new FormData();
      body.append('file', image.choice.file);
      try {
        await restFetch(`/web/products/${id}/image/`, { method: 'PUT', body });
      } catch (err) {
        await refresh();
        throw new ImageNotSent(err);
      }
    }
    await refresh();
  };
  const errorText = (err: unknown) =>
    err instanceof ImageNotSent
      ? t('imageNotSent', { reason: errorMessage(err.reason, t('imageUploadFailed')) })
      : undefined;

  return {
    form,
    image,
    readOnly,
    isProvider,
    savedId,
    categoryId,
    isDueDate,
    categories,
    types,
    partsOk,
    submit,
    errorText,
  };
}

export type ProductDialogState = ReturnType<typeof useProductDialog>;
export type ProductForm = ProductDialogState['form'];
type ProductFormValues = z.output<typeof saveProductSchema>;
