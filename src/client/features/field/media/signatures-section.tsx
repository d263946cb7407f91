/**
 * "Assinaturas" of the inspection and maintenance forms (issue 29 item 2): "Assinar ao salvar" opens
 * the technician's block (name, prefilled with the user's, and drawing) and, optionally, the
 * client representative's (name, role, drawing). Signing seals the record after its photos are sent.
 */
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useTranslation } from 'react-i18next';
import { Section } from '../form-parts.tsx';
import { MEDIA_NS } from './i18n.ts';
import { SignaturePad } from './signature-pad.tsx';
import type { RecordMedia, SignProblem } from './use-record-media.ts';

const PROBLEM_TEXT: Record<SignProblem, string> = {
  technicianName: 'signatures.missingName',
  technicianImage: 'signatures.missingDrawing',
  clientName: 'signatures.missingName',
  clientRole: 'signatures.missingRole',
  clientImage: 'signatures.missingDrawing',
};

function Problem({ media, problem, id }: { media: RecordMedia; problem: SignProblem; id: string }) {
  const { t } = useTranslation(MEDIA_NS);
  if (!media.problems.includes(problem)) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive" data-testid={`sign-problem-${problem}`}>
      {t(PROBLEM_TEXT[problem])}
    </p>
  );
}

function CheckRow({
  id,
  checked,
  onChange,
  label,
}: {
  id: string;
  checked: boolean;
  onChange(v: boolean): void;
  label: string;
}) {
  return (
    <div className="flex min-h-11 items-center gap-3">
      <Checkbox
        id={id}
        className="size-6"
        checked={checked}
        onCheckedChange={(v) => onChange(v === true)}
        data-testid={id}
      />
      <Label htmlFor={id} className="flex-1 cursor-pointer text-base font-normal">
        {label}
      </Label>
    </div>
  );
}

type SignText = 'technicianName' | 'clientName' | 'clientRole';

/** A name or role of a signer: its id, label and problem follow from the field (`clientRole` → `sign-client-role`). */
function TextRow({ media, field }: { media: RecordMedia; field: SignText }) {
  const { t } = useTranslation(MEDIA_NS);
  const id = `sign-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const invalid = media.problems.includes(field);
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{t(`signatures.${field}`)}</Label>
      <Input
        id={id}
        value={media.sign[field]}
        maxLength={120}
        className="h-12 text-base"
        onChange={(e) => media.setSign({ [field]: e.target.value })}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        data-testid={id}
      />
      <Problem media={media} problem={field} id={`${id}-error`} />
    </div>
  );
}

/** A signer's drawing and its problem. */
function DrawingRow({ media, who }: { media: RecordMedia; who: 'technician' | 'client' }) {
  const { t } = useTranslation(MEDIA_NS);
  const problem = `${who}Image` as const;
  return (
    <>
      <SignaturePad
        id={`sign-${who}-pad`}
        label={t(`signatures.${who}Pad`)}
        clearLabel={t('signatures.clear')}
        invalid={media.problems.includes(problem)}
        onChange={(image) => media.setSign({ [problem]: image })}
      />
      <Problem media={media} problem={problem} id={`sign-${who}-pad-error`} />
    </>
  );
}

export function SignaturesSection({ media }: { media: RecordMedia }) {
  const { t } = useTranslation(MEDIA_NS);
  const s = media.sign;
  return (
    <Section title={t('signatures.title')} hint={t('signatures.hint')} testId="signatures">
      <CheckRow
        id="sign-record"
        checked={s.sign}
        onChange={(v) => media.setSign({ sign: v })}
        label={t('signatures.sign')}
      />
      {s.sign && (
        <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
          <TextRow media={media} field="technicianName" />
          <DrawingRow media={media} who="technician" />
          <CheckRow
            id="sign-with-client"
            checked={s.withClient}
            onChange={(v) => media.setSign({ withClient: v })}
            label={t('signatures.withClient')}
          />
          {s.withClient && (
            <>
              <TextRow media={media} field="clientName" />
              <TextRow media={media} field="clientRole" />
              <DrawingRow media={media} who="client" />
            </>
          )}
        </div>
      )}
    </Section>
  );
}
