/**
 * The import screen's state (issue 31): what is imported and for which company live in the URL
 * (`?kind=equipment&companyId=12`: a reload or a bookmark keeps them); the step, the uploaded file,
 * the mapping being edited, the dry run's report and the run's job are the page's own (a reload
 * starts over: the upload is stored, but nothing is written before the confirmation anyway).
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import * as React from 'react';
import {
  type DryRunReport,
  IMPORT_KINDS,
  type ImportKind,
  type ImportMapping,
  type ImportUpload,
} from '../../../shared/imports/schemas.ts';
import type { RoleOrAnonymous } from '../../../shared/roles.ts';
import { useSession } from '../../lib/session.tsx';

export const STEPS = ['choose', 'map', 'check', 'import'] as const;
export type Step = (typeof STEPS)[number];

/** Roles that choose the company (the others import into their own). */
const GROUP_WIDE: readonly RoleOrAnonymous[] = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'];
/** What each role may import (companies are the group's: its admin's). */
const KIND_ROLES: Record<ImportKind, readonly RoleOrAnonymous[]> = {
  equipment: ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN'],
  companies: ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'],
  users: ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN'],
};

export function kindsFor(role: RoleOrAnonymous | null): ImportKind[] {
  return IMPORT_KINDS.filter((k) => role !== null && KIND_ROLES[k].includes(role));
}

/** Companies are the group's own rows: no company is chosen for them. */
export function kindHasCompany(kind: ImportKind): boolean {
  return kind !== 'companies';
}

function idOf(v: string | undefined): number | null {
  return v && /^\d{1,10}$/.test(v) ? Number(v) : null;
}

export interface ImportWizard {
  step: Step;
  kinds: ImportKind[];
  kind: ImportKind;
  /** the group-wide roles pick the company; a company admin imports into its own */
  picksCompany: boolean;
  /** the company of the import (null: each row names its company) */
  companyId: number | null;
  ownCompanyName: string | null;
  upload: ImportUpload | null;
  mapping: ImportMapping | null;
  report: DryRunReport | null;
  jobId: string | null;
  choose(next: { kind?: ImportKind; companyId?: number | null }): void;
  uploaded(upload: ImportUpload): void;
  setMapping(mapping: ImportMapping): void;
  /** to the dry run (it starts there) */
  check(): void;
  checked(report: DryRunReport): void;
  started(jobId: string): void;
  /** back to a step: to choose (a new file; the mapping is kept for its headers) or to map */
  goTo(step: 'choose' | 'map'): void;
  restart(): void;
}

export function useImportWizard(): ImportWizard {
  const search = useSearch({ from: '/imports' });
  const navigate = useNavigate({ from: '/imports' });
  const { role, user } = useSession();
  const kinds = kindsFor(role);
  const kind = kinds.find((k) => k === search.kind) ?? kinds[0] ?? 'equipment';
  const picksCompany = role !== null && GROUP_WIDE.includes(role);
  const companyId = !kindHasCompany(kind)
    ? null
    : picksCompany
      ? idOf(search.companyId)
      : (user?.companyId ?? null);
  const [step, setStep] = React.useState<Step>('choose');
  const [upload, setUpload] = React.useState<ImportUpload | null>(null);
  const [mapping, setMapping] = React.useState<ImportMapping | null>(null);
  const [report, setReport] = React.useState<DryRunReport | null>(null);
  const [jobId, setJobId] = React.useState<string | null>(null);
  return {
    step,
    kinds,
    kind,
    picksCompany,
    companyId,
    ownCompanyName: user?.companyName ?? null,
    upload,
    mapping,
    report,
    jobId,
    choose(next) {
      const k = next.kind ?? kind;
      const c = next.companyId === undefined ? companyId : next.companyId;
      if (k !== kind) setMapping(null);
      void navigate({
        replace: true,
        search: (prev) => ({
          ...prev,
          kind: k === kinds[0] ? undefined : k,
          companyId: picksCompany && c !== null && kindHasCompany(k) ? String(c) : undefined,
        }),
      });
    },
    uploaded(u) {
      setUpload(u);
      setReport(null);
      setStep('map');
    },
    setMapping,
    check() {
      setReport(null);
      setStep('check');
    },
    checked: setReport,
    started(id) {
      setJobId(id);
      setStep('import');
    },
    goTo(s) {
      if (s === 'choose') {
        setUpload(null);
        setReport(null);
      }
      setStep(s);
    },
    restart() {
      setUpload(null);
      setMapping(null);
      setReport(null);
      setJobId(null);
      setStep('choose');
    },
  };
}
