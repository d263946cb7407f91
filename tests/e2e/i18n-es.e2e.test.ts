/** No Portuguese in Spanish (issue 16 item 3): the walk of i18n-walk.ts for every role (English: i18n.e2e.test.ts). */
import { describe, expect, it } from 'vitest';
import { setUpBrowser } from './browser.ts';
import { walkRole } from './i18n-walk.ts';
import { WALK_ROLES, walkTags } from './walk.ts';

const { fresh } = setUpBrowser();

describe('every page in Spanish (issue 16 item 3)', () => {
  const context = walkTags();
  for (const [role, email] of WALK_ROLES) {
    it(`${role}: no Portuguese-only text and no missing key on any page or main dialog`, async () => {
      const problems = await walkRole(fresh, 'es', role, email, await context());
      expect(problems).toEqual([]);
    }, 240_000);
  }
});
