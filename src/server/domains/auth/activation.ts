/**
 * Whether a self sign-up may sign in yet (auth's sign-in and account's activation read it): it is
 * "awaiting activation" while its registration has not been activated from the e-mailed link.
 */
import { coreDb } from '../../db/database.ts';

/** Whether the user signed up and has not clicked the activation link yet. */
export async function awaitingActivation(userId: number): Promise<boolean> {
  const row = await coreDb()
    .selectFrom('registrations')
    .select('id')
    .where('user_id', '=', userId)
    .where('activated_at', 'is', null)
    .executeTakeFirst();
  return !!row;
}
