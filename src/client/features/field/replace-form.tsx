/**
 * "Replace the tag of an existing equipment": this unused tag goes on equipment whose label was
 * lost or damaged. The user gives the old serial (when it can still be read) and/or a description;
 * `tags.requestReplacement` records the request, and an admin completes the transfer (/tags-replace).
 */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TextField, useAppForm } from '../../components/form/index.ts';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { replaceFormSchema } from './field-rules.ts';
import { FieldFormShell, type FieldFormProps } from './form-parts.tsx';
import { FIELD_NS } from './i18n.ts';

export function ReplaceForm({ serial, onDone, onCancel }: FieldFormProps) {
  const { t } = useTranslation(FIELD_NS);
  const trpc = useTRPC();
  const request = useMutation(trpc.tags.requestReplacement.mutationOptions());
  const form = useAppForm(replaceFormSchema, { newSerial: serial, oldSerial: '', description: '' });

  return (
    <FieldFormShell
      form={form}
      name="replace"
      save={async (v) => {
        const r = await request.mutateAsync(v);
        // A second request for the same tag updates the open one: said so.
        return r.updated ? t('replace.updated') : t('replace.requested');
      }}
      placeError={(err, v) => {
        // An old serial that is not a tag of the company: said on that field.
        if (errorCode(err) !== 'TAG_NOT_FOUND' || !v.oldSerial) return false;
        form.setError(
          'oldSerial',
          { type: 'server', message: errorMessage(err, t('saveFailed')) },
          { shouldFocus: true },
        );
        return true;
      }}
      doneText={t('replace.requested')}
      onDone={onDone}
      submitLabel={t('replace.submit')}
      onCancel={onCancel}
      className="gap-5"
    >
      <p className="rounded-lg bg-muted p-3 text-sm">{t('replace.explain', { serial })}</p>
      <TextField
        form={form}
        name="oldSerial"
        id="replace-old-serial"
        label={t('replace.oldSerial')}
        hint={t('replace.oldSerialHint')}
        optional
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        className="[&_input]:h-12 [&_input]:font-mono [&_input]:text-base [&_input]:uppercase"
      />
      <TextField
        form={form}
        name="description"
        id="replace-description"
        label={t('replace.description')}
        hint={t('replace.descriptionHint')}
        optional
        maxLength={500}
        control={<Textarea rows={3} className="text-base" />}
        errorText={() => t('replace.needOne')}
      />
    </FieldFormShell>
  );
}
