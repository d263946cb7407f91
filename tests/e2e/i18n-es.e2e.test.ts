/** No Portuguese in Spanish (issue 16 item 3): the walk of i18n-walk.ts for every role (English: i18n.e2e.test.ts). */
import { describe } from 'vitest';
import { setUpBrowser } from './browser.ts';
import { walkEveryRole } from './i18n-walk.ts';

const { fresh } = setUpBrowser();

describe('every page in Spanish (issue 16 item 3)', () => {
  walkEveryRole(fresh, 'es');
});
