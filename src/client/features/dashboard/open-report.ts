/**
 * How a chart element opens the report: inside the app by default; the dashboard page may provide
 * another way (the provider admin looking at another company group switches the session first).
 * A module of its own so the charts' chunk and the page share it.
 */
import { useNavigate } from '@tanstack/react-router';
import * as React from 'react';
import type { ReportLink } from './dashboard-model.ts';

export const OpenReportContext = React.createContext<((link: ReportLink) => void) | null>(null);

/** Opens a report link: the page's way, or a plain navigation. */
export function useOpenReport(): (link: ReportLink) => void {
  const custom = React.useContext(OpenReportContext);
  const navigate = useNavigate();
  return React.useCallback(
    (link: ReportLink) => {
      if (custom) custom(link);
      else void navigate({ to: link.to, search: link.search as never });
    },
    [custom, navigate],
  );
}
