/** The building dossier (issue 30 item 5): one PDF per company for the AVCB/CLCB. */
import { z } from 'zod';

/** How many days ahead the dossier lists the cycles coming due ("Vence nos próximos 90 dias"). */
export const DOSSIER_AHEAD_DAYS = 90;

export const dossierJobSchema = z.object({ jobId: z.string() });
