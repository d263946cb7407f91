/**
 * Inspect (`equipment.inspectionForm` → `equipment.inspect`): the inspection type's questions in
 * order, the attributes prefilled with the equipment's values, and the phone's location only when
 * the user asks for it. A missing answer is refused here with the server's own text
 * (INSPECTION_ANSWER_MISSING); the server's answer errors land on their question. Without signal
 * (issue 20) the form is built from the phone's working set and the inspection waits on the phone;
 * every inspection carries its proof of presence (`performedAt`, `identifiedBy`, `scannedAt`).
 */
import { useQuery } from '@tanstack/react-query';
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
import { addInvalidDateIssue, type FieldQuestion, locationOf, missingAnswers } from './field-rules.ts';
import {
  AttributeFields,
  FieldFormLoader,
  FieldFormShell,
  QuestionsSection,
  Section,
  type FieldFormProps,
} from './form-parts.tsx';
import { FIELD_NS } from './i18n.ts';
import { OFFLINE_NS } from './offline/i18n.ts';
import type { OutboxRecord } from './offline/queue-rules.ts';
import { proofFor, proofOf, saveFieldRecord } from './offline/submit.ts';

type InspectionForm = RouterOutputs['equipment']['inspectionForm'];
export type InspectFormData = Pick<InspectionForm, 'questions' | 'attributes'>;

/** What the inspect and maintain forms take besides the field form's props (issue 20). */
export interface RecordFormProps<D> extends FieldFormProps {
  /** the form's data from the phone's working set (no signal); else it is asked from the server */
  cached?: { data: D; title: string };
  /** a refused record being fixed: the form starts from it and replaces it in the queue */
  fix?: OutboxRecord;
}

/** The answer a record being fixed gave to a question, if it still exists. */
export function answerFrom(fix: OutboxRecord | undefined, questionId: number): string | number {
  const answers = (fix?.input.answers ?? []) as { questionId: number; answer: string | number }[];
  return answers.find((a) => a.questionId === questionId)?.answer ?? '';
}

/**
 * The shared input schema plus the check the server makes first: every yes/no/NA and custom
 * question answered, with the server's text for the user's language.
 */
export function answeredSchema<S extends typeof inspectionInputSchema>(
  schema: S,
  questions: readonly FieldQuestion[],
  lang: string,
  attributes: readonly { id: number; attribute: string; type: string }[] = [],
) {
  return schema.superRefine((v, ctx) => {
    addInvalidDateIssue(
      ctx,
      (v.attributes ?? []).map((x) => {
        const a = attributes.find((y) => y.id === x.attributeId);
        return { attribute: a?.attribute ?? '', type: a?.type ?? 'TEXT', value: x.value };
      }),
      lang,
    );
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

export function InspectForm({ serial, onDone, onCancel, cached, fix }: RecordFormProps<InspectFormData>) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.equipment.inspectionForm.queryOptions({ tag: serial }),
    staleTime: 0,
    enabled: !cached,
  });
  if (cached)
    return (
      <InspectFormBody
        serial={serial}
        data={cached.data}
        title={cached.title}
        fix={fix}
        onDone={onDone}
        onCancel={onCancel}
      />
    );
  return (
    <FieldFormLoader query={query} name="inspect">
      {(data) => (
        <InspectFormBody
          serial={serial}
          data={data}
          title={data.equipment.product.name}
          fix={fix}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </FieldFormLoader>
  );
}

function InspectFormBody({
  serial,
  data,
  title,
  fix,
  onDone,
  onCancel,
}: FieldFormProps & { data: InspectFormData; title: string; fix?: OutboxRecord }) {
  const { t, i18n } = useTranslation(FIELD_NS);
  const lang = i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
  const schema = React.useMemo(
    () => answeredSchema(inspectionInputSchema, data.questions, lang, data.attributes),
    [data.questions, lang, data.attributes],
  );
  const fixed = fix?.input as
    | {
        attributes?: { attributeId: number; value: string }[];
        latitude?: number | null;
        longitude?: number | null;
        accuracy?: number | null;
      }
    | undefined;
  const form = useAppForm(schema, {
    tag: serial,
    answers: data.questions.map((q) => ({ questionId: q.id, answer: answerFrom(fix, q.id) })),
    attributes: data.attributes.map((a) => ({
      attributeId: a.id,
      value: fixed?.attributes?.find((v) => v.attributeId === a.id)?.value ?? a.value ?? '',
    })),
    latitude: fixed?.latitude ?? null,
    longitude: fixed?.longitude ?? null,
    accuracy: fixed?.accuracy ?? null,
  });
  const initialLocation =
    fixed?.latitude != null && fixed.longitude != null
      ? { latitude: fixed.latitude, longitude: fixed.longitude, accuracy: fixed.accuracy ?? 0 }
      : null;

  return (
    <FieldFormShell
      form={form}
      name="inspect"
      save={async (v) => {
        const input = { ...v, ...(fix ? proofOf(fix) : proofFor(serial)) };
        const how = await saveFieldRecord({ kind: 'inspect', serial, title, input, fix });
        if (how === 'queued') return t('field.savedOffline', { ns: OFFLINE_NS });
        // A negative answer to a marked question opened (or joined) a service order: say which.
        return how.serviceOrderNumber != null
          ? `${t('inspected')} ${t('osOpened', { number: how.serviceOrderNumber })}`
          : t('inspected');
      }}
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
          initial={initialLocation}
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
function LocationControl({
  initial = null,
  onChange,
}: {
  initial?: Located | null;
  onChange(loc: Located | null): void;
}) {
  const { t } = useTranslation(FIELD_NS);
  const [s, setS] = React.useState<LocationState>(
    initial ? { state: 'on', location: initial } : { state: 'off' },
  );
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
