/**
 * The photos and signatures a field record form holds until it is saved (issue 29 items 1 and 2):
 * the resized photos (Blobs, with a preview URL), and the signing state; `attachments()` gives what
 * goes into the queued record, or throws MediaIncomplete (shown by the signatures section) when a
 * started signature lacks its name, role or drawing.
 */
import * as React from 'react';
import type { QueuedSignatures, RecordAttachments } from '../offline/attachment-steps.ts';

export interface PickedPhoto {
  key: string;
  blob: Blob;
  url: string;
  questionId: number | null;
}

export interface SignState {
  sign: boolean;
  technicianName: string;
  technicianImage: string | null;
  withClient: boolean;
  clientName: string;
  clientRole: string;
  clientImage: string | null;
}

export type SignProblem = 'technicianName' | 'technicianImage' | 'clientName' | 'clientRole' | 'clientImage';

/** A save stopped because the signatures are incomplete (the section shows where). */
export class MediaIncomplete extends Error {}

/** The signatures to send (null: not signing) or what is missing. Pure. */
export function signaturesOf(s: SignState): { value: QueuedSignatures | null; problems: SignProblem[] } {
  if (!s.sign) return { value: null, problems: [] };
  const problems: SignProblem[] = [];
  const techName = s.technicianName.trim();
  if (!techName) problems.push('technicianName');
  if (!s.technicianImage) problems.push('technicianImage');
  const clientName = s.clientName.trim();
  const clientRole = s.clientRole.trim();
  if (s.withClient) {
    if (!clientName) problems.push('clientName');
    if (!clientRole) problems.push('clientRole');
    if (!s.clientImage) problems.push('clientImage');
  }
  if (problems.length > 0 || !s.technicianImage) return { value: null, problems };
  return {
    value: {
      technician: { name: techName, image: s.technicianImage },
      client:
        s.withClient && s.clientImage ? { name: clientName, role: clientRole, image: s.clientImage } : null,
    },
    problems: [],
  };
}

export function useRecordMedia(userName: string) {
  const [photos, setPhotos] = React.useState<PickedPhoto[]>([]);
  const [sign, setSignState] = React.useState<SignState>({
    sign: false,
    technicianName: userName,
    technicianImage: null,
    withClient: false,
    clientName: '',
    clientRole: '',
    clientImage: null,
  });
  const [problems, setProblems] = React.useState<SignProblem[]>([]);
  const urls = React.useRef(new Set<string>());
  React.useEffect(
    () => () => {
      for (const u of urls.current) URL.revokeObjectURL(u);
    },
    [],
  );

  const addPhotos = React.useCallback((blobs: Blob[]) => {
    const added = blobs.map((blob) => {
      const url = URL.createObjectURL(blob);
      urls.current.add(url);
      return { key: url, blob, url, questionId: null };
    });
    setPhotos((p) => [...p, ...added]);
  }, []);
  const removePhoto = React.useCallback((key: string) => {
    setPhotos((p) => p.filter((x) => x.key !== key));
    URL.revokeObjectURL(key);
    urls.current.delete(key);
  }, []);
  const setQuestion = React.useCallback((key: string, questionId: number | null) => {
    setPhotos((p) => p.map((x) => (x.key === key ? { ...x, questionId } : x)));
  }, []);
  const setSign = React.useCallback((patch: Partial<SignState>) => {
    setSignState((s) => ({ ...s, ...patch }));
    setProblems([]);
  }, []);

  /** What the queued record carries (null: nothing to add); throws MediaIncomplete. */
  const attachments = (): RecordAttachments | null => {
    const signed = signaturesOf(sign);
    setProblems(signed.problems);
    if (signed.problems.length > 0) throw new MediaIncomplete('signatures incomplete');
    if (photos.length === 0 && !signed.value) return null;
    return {
      photos: photos.map((p) => ({ blob: p.blob, questionId: p.questionId })),
      signatures: signed.value,
    };
  };

  return { photos, addPhotos, removePhoto, setQuestion, sign, setSign, problems, attachments };
}

export type RecordMedia = ReturnType<typeof useRecordMedia>;
