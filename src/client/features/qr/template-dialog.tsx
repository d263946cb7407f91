import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import {
  builtinTemplate,
  type LabelTemplateFields,
  labelTemplateFieldsSchema,
} from '../../../shared/qr/templates.ts';
import { FormDialog, SelectField, TextField, useAppForm } from '../../components/form/index.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { QR_NS } from './i18n.ts';
import { LabelSheetPreview } from './label-preview.tsx';

type NumberField = Exclude<keyof LabelTemplateFields, 'name' | 'kind' | 'dpi'>;
const NUMBER_FIELDS: readonly NumberField[] = [
  'pageWidth',
  'pageHeight',
  'columns',
  'rows',
  'labelWidth',
  'labelHeight',
  'marginTop',
  'marginLeft',
  'pitchX',
  'pitchY',
  'cornerRadius',
  'qrSize',
  'textLines',
  'fontSize',
  'padding',
];

/** A new template starts from the Avery L7160's numbers. */
function defaults(): LabelTemplateFields {
  const { id: _id, builtIn: _b, source: _s, ...fields } = builtinTemplate('avery-l7160')!;
  return { ...fields, name: '' };
}

/**
 * The provider admin's custom label template (issue 19): every dimension in millimetres, a live
 * preview of the first sheet, and the server's refusal (labels off the page, overlapping, a code
 * too small to scan or too big for its label) shown with its code's text.
 */
export function TemplateDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(QR_NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useAppForm(labelTemplateFieldsSchema, defaults());
  const create = useMutation(trpc.qr.templates.create.mutationOptions());
  const values = form.watch();
  const kind = values.kind;
  React.useEffect(() => {
    if (kind === 'roll' && !form.getValues('dpi')) form.setValue('dpi', 203);
    if (kind === 'sheet' && form.getValues('dpi') !== null) form.setValue('dpi', null);
  }, [kind, form]);
  const preview = labelTemplateFieldsSchema.safeParse({ ...values, name: values.name || '-' });
  return (
    <FormDialog
      form={form}
      className="max-h-[95vh] overflow-y-auto sm:max-w-4xl"
      testId="qr-template-dialog"
      formClassName="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
      title={t('newTemplate')}
      name={values.name ?? ''}
      successText={t('templateSaved')}
      codeFields={{
        QR_TEMPLATE_NAME_EXISTS: 'name',
        QR_TEMPLATE_QR_TOO_SMALL: 'qrSize',
        QR_TEMPLATE_QR_DOES_NOT_FIT: 'qrSize',
      }}
      alwaysSummarize
      onSubmit={async (v) => {
        await create.mutateAsync(v);
        await qc.invalidateQueries({ queryKey: trpc.qr.templates.pathKey() });
      }}
      onClose={onClose}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          form={form}
          name="name"
          id="tpl-name"
          label={`${t('templateForm.name')} *`}
          className="sm:col-span-2"
          autoFocus
        />
        <SelectField
          form={form}
          name="kind"
          id="tpl-kind"
          label={t('templateForm.kind')}
          className="sm:col-span-2"
          options={[
            { value: 'sheet', label: t('templateForm.kindSheet') },
            { value: 'roll', label: t('templateForm.kindRoll') },
          ]}
        />
        {NUMBER_FIELDS.map((f) => (
          <TextField
            key={f}
            form={form}
            name={f}
            id={`tpl-${f}`}
            label={t(`templateForm.${f}`)}
            type="number"
            step="any"
            inputMode="decimal"
            registerOptions={{ valueAsNumber: true }}
          />
        ))}
        {kind === 'roll' && (
          <SelectField
            form={form}
            name="dpi"
            id="tpl-dpi"
            label={t('templateForm.dpi')}
            valueAs="number"
            options={[203, 300, 600].map((d) => ({ value: String(d), label: `${d} dpi` }))}
          />
        )}
      </div>
      <div>
        {preview.success && (
          <LabelSheetPreview
            template={preview.data}
            offset={0}
            cutMarks={false}
            text={{ companyName: null, note: null, logo: false }}
          />
        )}
      </div>
    </FormDialog>
  );
}
