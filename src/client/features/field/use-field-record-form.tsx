/**
 * What the inspect and maintain forms share (issue 27 item 4): where their data comes from (the
 * phone's working set without signal, else the server's form), the answers a refused record being
 * fixed gave, its proof of presence, and where a server error of the record goes — on the question
 * or attribute it names by id.
 */
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../../../shared/enums.ts';
import type { AnyForm } from '../../components/form/index.ts';
import { errorCode, errorMessage, errorParams } from '../../lib/trpc.ts';
import { errorFieldPath } from './field-rules.ts';
import { type FieldFormProps, FieldFormLoader } from './form-parts.tsx';
import { FIELD_NS } from './i18n.ts';
import type { OutboxRecordOf } from './offline/queue-rules.ts';
import { type Proof, proofFor, proofOf } from './offline/submit.ts';

export type RecordKind = 'inspect' | 'maintain';

/** What the inspect and maintain forms take besides the field form's props (issue 20). */
export interface RecordFormProps<D, K extends RecordKind> extends FieldFormProps {
  /** the form's data from the phone's working set (no signal); else it is asked from the server */
  cached?: { data: D; title: string };
  /** a refused record being fixed: the form starts from it and replaces it in the queue */
  fix?: OutboxRecordOf<K>;
}

/** The body of a record form: its data, and the title the queue shows. */
export interface RecordBodyProps<D, K extends RecordKind> extends FieldFormProps {
  data: D;
  title: string;
  fix?: OutboxRecordOf<K>;
}

type FormData<D> = D & { equipment: { product: { name: string } } };

/**
 * A record form's data: the working set's when `cached`, else the server's form (`options`: its
 * procedure's query options, asked only then and never from a stale cache) behind the loader's
 * skeletons; then `Body` with the props of the form.
 */
export function RecordFormSource<D, K extends RecordKind, T extends FormData<D>, E, Q extends QueryKey>({
  name,
  options,
  props: { cached, ...rest },
  Body,
}: {
  name: K;
  options: UseQueryOptions<T, E, T, Q>;
  props: RecordFormProps<D, K>;
  Body: (props: RecordBodyProps<D, K>) => ReactNode;
}) {
  const query = useQuery({ ...options, staleTime: 0, enabled: !cached });
  if (cached) return <Body {...rest} data={cached.data} title={cached.title} />;
  return (
    <FieldFormLoader query={query} name={name}>
      {(data) => <Body {...rest} data={data} title={data.equipment.product.name} />}
    </FieldFormLoader>
  );
}

/** The answer a record being fixed gave to a question, if it still exists. */
export function answerFrom(fix: OutboxRecordOf<RecordKind> | undefined, questionId: number): string | number {
  return fix?.input.answers.find((a) => a.questionId === questionId)?.answer ?? '';
}

/** Puts an answer/attribute error of the server on its question or attribute; false when it has none. */
export function placeRecordError<T extends FieldValues>(
  err: unknown,
  form: AnyForm<T>,
  questions: readonly { id: number }[],
  attributes: readonly { id: number }[],
  fallback: string,
): boolean {
  const path = errorFieldPath({ code: errorCode(err), params: errorParams(err) }, questions, attributes);
  if (!path) return false;
  form.setError(
    path as FieldPath<T>,
    { type: 'server', message: errorMessage(err, fallback) },
    { shouldFocus: true },
  );
  return true;
}

/**
 * The shared part of a record form's body: the user's language, the answers it starts from (a
 * fixed record's, else none), the proof of presence it is sent with (a fixed record keeps its own)
 * and `placeError` for the form shell.
 */
export function useFieldRecordForm<K extends RecordKind>({
  serial,
  fix,
  questions,
  attributes = [],
}: {
  serial: string;
  fix?: OutboxRecordOf<K>;
  questions: readonly { id: number }[];
  attributes?: readonly { id: number }[];
}) {
  const { t, i18n } = useTranslation(FIELD_NS);
  const lang = i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
  return {
    t,
    lang,
    answers: questions.map((q) => ({ questionId: q.id, answer: answerFrom(fix, q.id) })),
    proof: (): Partial<Proof> => (fix ? proofOf(fix) : proofFor(serial)),
    placeError:
      <T extends FieldValues>(form: AnyForm<T>) =>
      (err: unknown) =>
        placeRecordError(err, form, questions, attributes, t('saveFailed')),
  };
}
