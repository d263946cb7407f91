/** Texts of the building dossier's action (issue 30 item 5): the companies list and the dashboard. */
import { registerTranslations } from '../../i18n/index.ts';

export const DOSSIER_NS = 'dossier';

registerTranslations(DOSSIER_NS, {
  pt: {
    action: 'Dossiê AVCB/CLCB',
    actionOf: 'Dossiê AVCB/CLCB de {{company}}',
    working: 'Gerando o dossiê…',
    progress: 'Andamento do dossiê de {{company}}',
    column: 'Dossiê',
  },
  en: {
    action: 'AVCB/CLCB dossier',
    actionOf: 'AVCB/CLCB dossier of {{company}}',
    working: 'Making the dossier…',
    progress: 'Progress of the dossier of {{company}}',
    column: 'Dossier',
  },
  es: {
    action: 'Dosier AVCB/CLCB',
    actionOf: 'Dosier AVCB/CLCB de {{company}}',
    working: 'Generando el dosier…',
    progress: 'Avance del dosier de {{company}}',
    column: 'Dosier',
  },
});
