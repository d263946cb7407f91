import { config } from '../src/server/config.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/seed/demo-users.ts';

export function printLogins(): void {
  const c = config();
  console.log('\nDemo logins (password for all: %s):', DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    const email =
      u.role === 'MOBCHECK_ADMIN' && c.ADMIN_EMAIL ? `${c.ADMIN_EMAIL} (ADMIN_PASSWORD)` : u.email;
    console.log(`  ${u.role.padEnd(20)} ${u.status === 'PENDING' ? '(pending) ' : ''}${email}`);
  }
  console.log('');
}
