import { z } from 'zod';
import { PAGE_SIZES } from './enums.ts';

/** Common list input: server-side search, sort and paging. */
export const listInputSchema = z.object({
  page: z.number().int().min(0).default(0),
  pageSize: z
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 100 or 1000')
    .default(10),
  query: z.string().max(200).optional(),
  sort: z.string().max(64).optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ListInput = z.infer<typeof listInputSchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
