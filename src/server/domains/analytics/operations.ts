import {
  pageViewBatchResultSchema,
  pageViewBatchSchema,
  usageInputSchema,
  usageSchema,
} from '../../../shared/analytics/schemas.ts';
import { mutation, query, signedIn } from '../../kit/operation.ts';
import { recordPageViews, usage } from './service.ts';

export const analyticsOperations = {
  pageViews: mutation({
    access: signedIn(),
    summary:
      'Records a batch of page views of the caller: route patterns (`/t/$serial`), never ids or query values; at most 50 a batch, rate limited per user.',
    input: pageViewBatchSchema,
    output: pageViewBatchResultSchema,
    rest: { method: 'post', path: '/web/page-views/' },
    handler: (ctx, input) => recordPageViews(ctx, input),
  }),
  usage: query({
    access: signedIn(['MOBCHECK_ADMIN']),
    summary:
      'Usage (provider admin): page views per day, route and company over a day range (`from`, `to`), optionally for one `route` or `companyId`.',
    input: usageInputSchema,
    output: usageSchema,
    rest: { method: 'get', path: '/web/usage/page-views/' },
    handler: (ctx, input) => usage(ctx, input),
  }),
};
