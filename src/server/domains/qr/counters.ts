import type { AuthContext } from '../../context.ts';

/**
 * Counters shown in the logged user: QR tags generated this month (`generated_tag_qty`) and
 * tags in use (`active_tags_qty`). The QR issue implements them over its tables.
 */
export async function monthlyGeneratedCount(_auth: AuthContext): Promise<number> {
  return 0;
}

export async function activeTagsCount(_auth: AuthContext): Promise<number> {
  return 0;
}
