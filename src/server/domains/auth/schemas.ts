import { z } from 'zod';

export const loginInputSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  remember: z.boolean().default(false),
});
