/**
 * Register equipment on an unused tag (`equipment.register`): product (name and SKU), extra label,
 * control number, the product's inspection-type attributes and, when the product has one, the due
 * date. For extinguishers the due date follows the recharge/retest/manufacturing attributes
 * (ABNT NBR 12962, `extinguisherDueDate`) unless the user types another one. Without signal
 * (issue 20) the options come from the phone's working set — only for a tag it lists as unused — and
 * the registration waits on the phone; a tag used meanwhile comes back refused (TAG_ALREADY_USED) and
 * is shown in the queue, never overwritten.
 */
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import { registerEquipmentSchema } from '../../../shared/equipment/schemas.ts';
import { retestBeforeManufacture } from '../../../shared/equipment/status.ts';
import { errorText } from '../../../shared/errors.ts';
import { DayField, SelectField, TextField, useAppForm } from '../../components/form/index.ts';
import { localToday } from '../../components/list/day-text.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorCode, errorMessage, errorParams } from '../../lib/trpc.ts';
import { addInvalidDateIssue, errorFieldPath, extinguisherDefault } from './field-rules.ts';
import { AttributeFields, type FieldFormProps, FieldFormShell, Section } from './form-parts.tsx';
import { FIELD_NS } from './i18n.ts';
import { OFFLINE_NS } from './offline/i18n.ts';
import { saveFieldRecord } from './offline/submit.ts';

type Options = RouterOutputs['equipment']['registerOptions'];

const isAttributePath = (path: string): path is `attributes.${number}.value` =>
  path.startsWith('attributes.');
type Product = Options['products'][number];

/**
 * The shared schema plus the dates' own rule (issue 26 item 18): a hydrostatic retest before the
 * manufacturing date is refused on the retest's field, as the server refuses it
 * (EQUIPMENT_RETEST_BEFORE_MANUFACTURE). The product is read through a ref: it changes with the form.
 */
function useRegisterSchema(product: React.RefObject<Product | undefined>, lang: string) {
  return React.useMemo(
    () =>
      registerEquipmentSchema.superRefine((v, ctx) => {
        const attrs = product.current?.attributes ?? [];
        const values = v.attributes.map((x) => {
          const a = attrs.find((y) => y.id === x.attributeId);
          return { attribute: a?.attribute ?? '', type: a?.type ?? 'TEXT', value: x.value };
        });
        addInvalidDateIssue(ctx, values, lang);
        const bad = retestBeforeManufacture(values);
        if (bad >= 0)
          ctx.addIssue({
            code: 'custom',
            path: ['attributes', bad, 'value'],
            message:
              errorText('EQUIPMENT_RETEST_BEFORE_MANUFACTURE', lang, { attribute: values[bad]!.attribute }) ??
              'DATE',
          });
      }),
    [product, lang],
  );
}

export function RegisterForm({ serial, options, onDone, onCancel }: FieldFormProps & { options: Options }) {
  const { t, i18n } = useTranslation(FIELD_NS);
  const [dueOverride, setDueOverride] = React.useState(false);
  const productRef = React.useRef<Product | undefined>(undefined);
  const formSchema = useRegisterSchema(productRef, i18n.resolvedLanguage ?? i18n.language);
  const form = useAppForm(formSchema, {
    tagSerialNumber: serial,
    productId: undefined,
    extraLabel: '',
    extraCode: '',
    dueDate: null,
    attributes: [],
  });

  const productId = useWatch({ control: form.control, name: 'productId' });
  const values = useWatch({ control: form.control, name: 'attributes' }) ?? [];
  const product: Product | undefined = options.products.find((p) => p.id === productId);
  productRef.current = product;
  const computedDue = product?.isExtinguisher ? extinguisherDefault(product.attributes, values) : null;
  // A computed due date already past is allowed (an old extinguisher being registered), but said.
  const duePast = computedDue !== null && computedDue < localToday();

  const pickProduct = (id: string) => {
    const p = options.products.find((x) => x.id === Number(id));
    form.setValue(
      'attributes',
      (p?.attributes ?? []).map((a) => ({ attributeId: a.id, value: '' })),
    );
    form.setValue('dueDate', null);
    setDueOverride(false);
  };

  /** A product or attribute refused by the server goes on its field. */
  const placeError = (err: unknown): boolean => {
    const code = errorCode(err);
    const message = errorMessage(err, t('saveFailed'));
    if (code === 'EQUIPMENT_PRODUCT_INVALID') {
      form.setError('productId', { type: 'server', message }, { shouldFocus: true });
      return true;
    }
    // An attribute's error goes on its field by the id it names (issue 27 item 4).
    const path = product ? errorFieldPath({ code, params: errorParams(err) }, [], product.attributes) : null;
    if (path && isAttributePath(path)) {
      form.setError(path, { type: 'server', message }, { shouldFocus: true });
      return true;
    }
    return false;
  };

  return (
    <FieldFormShell
      form={form}
      name="register"
      save={async (v) => {
        const manualDue = product?.isDueDate && (!product.isExtinguisher || dueOverride) ? v.dueDate : null;
        const how = await saveFieldRecord({
          kind: 'register',
          serial,
          title: product?.name ?? serial,
          input: { ...v, dueDate: manualDue ?? null },
        });
        return how !== 'queued' ? t('registered') : t('field.savedOffline', { ns: OFFLINE_NS });
      }}
      placeError={placeError}
      doneText={t('registered')}
      onDone={onDone}
      submitLabel={t('registerSubmit')}
      onCancel={onCancel}
    >
      <p className="rounded-lg bg-muted p-3 text-sm">{t('registerFor', { company: options.companyName })}</p>
      <Section title={t('equipment')}>
        <SelectField
          form={form}
          name="productId"
          id="register-product"
          label={t('product')}
          valueAs="number"
          placeholder={t('pickProduct')}
          options={options.products.map((p) => ({
            value: String(p.id),
            label: (
              <span className="flex flex-col text-left">
                <span className="font-medium">{p.name}</span>
                <span className="text-xs text-muted-foreground">
                  {t('sku')}: {p.sku} · {p.inspectionTypeName}
                </span>
              </span>
            ),
          }))}
          onValueChange={pickProduct}
          triggerClassName="h-auto min-h-12 py-2 text-base"
        />
        {options.products.length === 0 && <p className="text-sm text-muted-foreground">{t('noProducts')}</p>}
        <TextField
          form={form}
          name="extraLabel"
          id="register-extra-label"
          label={t('extraLabel')}
          hint={t('extraLabelHint')}
          optional
          maxLength={120}
          className="[&_input]:h-12 [&_input]:text-base"
        />
        <TextField
          form={form}
          name="extraCode"
          id="register-extra-code"
          label={t('extraCode')}
          optional
          maxLength={60}
          className="[&_input]:h-12 [&_input]:text-base"
        />
      </Section>

      {product && product.attributes.length > 0 && (
        <Section title={t('attributes')} hint={product.inspectionTypeName}>
          <AttributeFields form={form} attributes={product.attributes} idPrefix="register" />
        </Section>
      )}

      {product?.isDueDate && (
        <Section title={t('dueDate')} testId="register-due">
          {product.isExtinguisher && (
            <>
              <p className="rounded-lg bg-muted p-3 text-sm" data-testid="register-due-default">
                {computedDue ? t('dueDefault', { date: formatDate(computedDue) }) : t('dueDefaultMissing')}
                <span className="mt-1 block text-xs text-muted-foreground">{t('dueDefaultRule')}</span>
              </p>
              {duePast && (
                <p
                  role="note"
                  className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm font-medium"
                  data-testid="register-due-past"
                >
                  {t('duePast', { date: formatDate(computedDue) })}
                </p>
              )}
              <div className="flex min-h-11 items-center gap-3">
                <Checkbox
                  id="register-due-override"
                  className="size-5"
                  checked={dueOverride}
                  onCheckedChange={(v) => {
                    const on = v === true;
                    setDueOverride(on);
                    if (on && computedDue && !form.getValues('dueDate'))
                      form.setValue('dueDate', computedDue);
                  }}
                  data-testid="register-due-override"
                />
                <Label htmlFor="register-due-override" className="cursor-pointer text-base font-normal">
                  {t('dueOverride')}
                </Label>
              </div>
            </>
          )}
          {(!product.isExtinguisher || dueOverride) && (
            <DayField
              form={form}
              name="dueDate"
              id="register-due-date"
              label={t('dueDate')}
              optional={!product.isExtinguisher}
              className="[&_button]:size-12 [&_input]:h-12 [&_input]:text-base"
            />
          )}
        </Section>
      )}
    </FieldFormShell>
  );
}
