/**
 * Inspect (`equipment.inspectionForm` → `equipment.inspect`): the inspection type's questions in
 * order, the attributes prefilled with the equipment's values, and the phone's location only when
 * the user asks for it. The shared answer rules refuse a missing answer here with the server's own
 * text (INSPECTION_ANSWER_MISSING); the server's answer errors land on their question, by id.
 * Without signal (issue 20) the form is built from the phone's working set and the inspection waits
 * on the phone; every inspection carries its proof of presence (`performedAt`, `identifiedBy`, `scannedAt`).
 */
import { LoaderCircle, MapPin, MapPinOff, X } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { inspectionInputSchema } from '../../../shared/equipment/schemas.ts';
import { useAppForm } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { addAnswerIssues, addInvalidDateIssue, type FieldQuestion, locationOf } from './field-rules.ts';
import { AttributeFields, FieldFormShell, QuestionsSection, Section } from './form-parts.tsx';
import { FIELD_NS } from './i18n.ts';
import { placeMediaError, RecordMediaSections, useFormMedia } from './media/record-media.tsx';
import { OFFLINE_NS } from './offline/i18n.ts';
import { saveFieldRecord } from './offline/submit.ts';
import {
  type RecordBodyProps,
  type RecordFormProps,
  RecordFormSource,
  useFieldRecordForm,
} from './use-field-record-form.tsx';

type InspectionForm = RouterOutputs['equipment']['inspectionForm'];
export type InspectFormData = Pick<InspectionForm, 'questions' | 'attributes'>;

/**
 * The shared input schema plus the checks the server makes first, with the server's texts for the
 * user's language: the shared answer rules (every yes/no/NA and custom question answered with one
 * of its values) and DATE attributes that name real days.
 */
export function answeredSchema(
  questions: readonly FieldQuestion[],
  lang: string,
  attributes: readonly { id: number; attribute: string; type: string }[] = [],
) {
  return inspectionInputSchema.superRefine((v, ctx) => {
    addInvalidDateIssue(
      ctx,
      (v.attributes ?? []).map((x) => {
        const a = attributes.find((y) => y.id === x.attributeId);
        return { attribute: a?.attribute ?? '', type: a?.type ?? 'TEXT', value: x.value };
      }),
      lang,
    );
    addAnswerIssues(ctx, questions, v.answers, lang);
  });
}

export function InspectForm(props: RecordFormProps<InspectFormData, 'inspect'>) {
  const options = useTRPC().equipment.inspectionForm.queryOptions({ tag: props.serial });
  return <RecordFormSource name="inspect" options={options} props={props} Body={InspectFormBody} />;
}

function InspectFormBody({
  serial,
  data,
  title,
  fix,
  onDone,
  onCancel,
}: RecordBodyProps<InspectFormData, 'inspect'>) {
  const record = useFieldRecordForm({ serial, fix, questions: data.questions, attributes: data.attributes });
  const { t, lang } = record;
  const media = useFormMedia();
  const schema = React.useMemo(
    () => answeredSchema(data.questions, lang, data.attributes),
    [data.questions, lang, data.attributes],
  );
  const fixed = fix?.input;
  const form = useAppForm(schema, {
    tag: serial,
    answers: record.answers,
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
        const input = { ...v, ...record.proof() };
        const attachments = fix ? null : media.attachments();
        const how = await saveFieldRecord({ kind: 'inspect', serial, title, input, fix, attachments });
        if (how === 'queued') return t('field.savedOffline', { ns: OFFLINE_NS });
        // A negative answer to a marked question opened (or joined) a service order: say which.
        return how.serviceOrderNumber != null
          ? `${t('inspected')} ${t('osOpened', { number: how.serviceOrderNumber })}`
          : t('inspected');
      }}
      placeError={placeMediaError(record.placeError(form))}
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
      {!fix && <RecordMediaSections media={media} questions={data.questions} idPrefix="inspect" />}
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
