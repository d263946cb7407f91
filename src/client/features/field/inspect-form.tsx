/**
 * Inspect (`equipment.inspectionForm` → `equipment.inspect`): the inspection type's questions in
 * order, the attributes prefilled with the equipment's values, and the phone's location only when
 * the user asks for it. A missing answer is refused here with the server's own text
 * (INSPECTION_ANSWER_MISSING); the server's answer errors land on their question.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { LoaderCircle, MapPin, MapPinOff, X } from 'lucide-react';
import * as React from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../../../shared/enums.ts';
import { inspectionInputSchema } from '../../../shared/equipment/schemas.ts';
import { errorText } from '../../../shared/errors.ts';
import { type AnyForm, useAppForm } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorCode, errorMessage, errorParams, useTRPC } from '../../lib/trpc.ts';
import { type FieldQuestion, locationOf, missingAnswers } from './field-rules.ts';
import {
  AttributeFields,
  FieldFormLoader,
  FieldFormShell,
  QuestionsSection,
  Section,
  type FieldFormProps,
} from './form-parts.tsx';
import { FIELD_NS } from './i18n.ts';

type InspectionForm = RouterOutputs['equipment']['inspectionForm'];

/**
 * The shared input schema plus the check the server makes first: every yes/no/NA and custom
 * question answered, with the server's text for the user's language.
 */
export function answeredSchema<S extends typeof inspectionInputSchema>(
  schema: S,
  questions: readonly FieldQuestion[],
  lang: string,
) {
  return schema.superRefine((v, ctx) => {
    for (const m of missingAnswers(questions, v.answers)) {
      ctx.addIssue({
        code: 'custom',
        path: ['answers', m.index, 'answer'],
        message:
          errorText('INSPECTION_ANSWER_MISSING', lang, { question: m.question.question }) ??
          m.question.question,
      });
    }
  });
}

/** Puts an answer/attribute error of the server on its question or attribute; false when it has none. */
export function placeAnswerError<T extends FieldValues>(
  err: unknown,
  form: AnyForm<T>,
  questions: readonly { question: string }[],
  attributes: readonly { attribute: string }[],
  fallback: string,
): boolean {
  const setError = (path: string, message: string) =>
    form.setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: true });
  const code = errorCode(err);
  const params = errorParams(err);
  if ((code === 'INSPECTION_ANSWER_MISSING' || code === 'INSPECTION_ANSWER_INVALID') && params?.question) {
    const i = questions.findIndex((q) => q.question === params.question);
    if (i >= 0) {
      setError(`answers.${i}.answer`, errorMessage(err, fallback));
      return true;
    }
  }
  if (code === 'EQUIPMENT_ATTRIBUTE_INVALID' && params?.attribute) {
    const i = attributes.findIndex((a) => a.attribute === params.attribute);
    if (i >= 0) {
      setError(`attributes.${i}.value`, errorMessage(err, fallback));
      return true;
    }
  }
  return false;
}

export function InspectForm({ serial, onDone, onCancel }: FieldFormProps) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.equipment.inspectionForm.queryOptions({ tag: serial }), staleTime: 0 });
  return (
    <FieldFormLoader query={query} name="inspect">
      {(data) => <InspectFormBody serial={serial} data={data} onDone={onDone} onCancel={onCancel} />}
    </FieldFormLoader>
  );
}

function InspectFormBody({ serial, data, onDone, onCancel }: FieldFormProps & { data: InspectionForm }) {
  const { t, i18n } = useTranslation(FIELD_NS);
  const trpc = useTRPC();
  const inspect = useMutation(trpc.equipment.inspect.mutationOptions());
  const lang = i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
  const schema = React.useMemo(
    () => answeredSchema(inspectionInputSchema, data.questions, lang),
    [data.questions, lang],
  );
  const form = useAppForm(schema, {
    tag: serial,
    answers: data.questions.map((q) => ({ questionId: q.id, answer: '' })),
    attributes: data.attributes.map((a) => ({ attributeId: a.id, value: a.value ?? '' })),
    latitude: null,
    longitude: null,
    accuracy: null,
  });

  return (
    <FieldFormShell
      form={form}
      name="inspect"
      save={inspect.mutateAsync}
      placeError={(err) => placeAnswerError(err, form, data.questions, data.attributes, t('saveFailed'))}
      doneText={t('inspected')}
      onDone={onDone}
      submitLabel={t('inspectSubmit')}
      onCancel={onCancel}
    >
      <QuestionsSection form={form} questions={data.questions} idPrefix="inspect" />
      {data.attributes.length > 0 && (
        <Section title={t('attributes')} hint={t('attributesHint')}>
          <AttributeFields form={form} attributes={data.attributes} idPrefix="inspect" />
        </Section>
      )}
      <Section title={t('location.title')} hint={t('location.hint')}>
        <LocationControl
          onChange={(loc) => {
            form.setValue('latitude', loc?.latitude ?? null);
            form.setValue('longitude', loc?.longitude ?? null);
            form.setValue('accuracy', loc?.accuracy ?? null);
          }}
        />
      </Section>
    </FieldFormShell>
  );
}

type Located = { latitude: number; longitude: number; accuracy: number };
type LocationState =
  | { state: 'off' }
  | { state: 'locating' }
  | { state: 'on'; location: Located }
  | { state: 'denied' }
  | { state: 'unavailable' };

/**
 * "Adicionar localização": asks the browser for one high-accuracy position, only when pressed.
 * Denied or unavailable never blocks saving; the inspection is simply saved without a location.
 */
function LocationControl({ onChange }: { onChange(loc: Located | null): void }) {
  const { t } = useTranslation(FIELD_NS);
  const [s, setS] = React.useState<LocationState>({ state: 'off' });
  const live = React.useRef(true);
  React.useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const locate = () => {
    if (!('geolocation' in navigator) || !window.isSecureContext) {
      setS({ state: 'unavailable' });
      return;
    }
    setS({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (!live.current) return;
        const location = locationOf(pos.coords);
        setS({ state: 'on', location });
        onChange(location);
      },
      (err) => {
        if (!live.current) return;
        setS({ state: err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable' });
        onChange(null);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  };

  const remove = () => {
    setS({ state: 'off' });
    onChange(null);
  };

  if (s.state === 'on')
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-lg border border-success/30 bg-success/10 p-3"
        data-testid="location-on"
      >
        <p className="flex items-start gap-2 text-sm">
          <MapPin className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>
            <span className="block font-medium">{t('location.added')}</span>
            <span className="text-muted-foreground" data-testid="location-accuracy">
              {t('location.accuracy', { metres: Math.round(s.location.accuracy) })}
            </span>
          </span>
        </p>
        <Button variant="ghost" className="h-11 shrink-0" onClick={remove} data-testid="location-remove">
          <X aria-hidden />
          {t('location.remove')}
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        className="h-12 justify-start gap-3 text-base"
        onClick={locate}
        disabled={s.state === 'locating'}
        data-testid="location-add"
      >
        {s.state === 'locating' ? (
          <LoaderCircle className="size-5! animate-spin" aria-hidden />
        ) : (
          <MapPin className="size-5!" aria-hidden />
        )}
        {s.state === 'locating' ? t('location.locating') : t('location.add')}
      </Button>
      {(s.state === 'denied' || s.state === 'unavailable') && (
        <p
          className="flex items-start gap-2 text-sm text-muted-foreground"
          role="status"
          data-testid="location-problem"
        >
          <MapPinOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t(s.state === 'denied' ? 'location.denied' : 'location.unavailable')}
        </p>
      )}
    </div>
  );
}
