import { coreDb } from '../../src/server/db/database.ts';

/** The e2e server runs without SMTP_URL: its mail lands in core.email_outbox. Polls for the link. */
export async function mailedLink(to: string, route: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await coreDb()
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .execute();
    const link = rows[0]?.text_body.match(new RegExp(`https?://\\S+/#${route}\\?t=[\\w-]+`))?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail with ${route} to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
