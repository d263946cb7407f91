import { router } from '../../trpc.ts';

/** tRPC procedures of the qr domain. */
export const qrRouter = router({});
