/** Pages of the visits (issue 30 item 4), loaded lazily through ./manifest.ts. */
import './i18n.ts';

export { MyDayPage } from './my-day-page.tsx';
export { PlansPage } from './plans-page.tsx';
export { VisitsPage } from './visits-page.tsx';
