/**
 * Types of the tRPC API as the client sees it: row types and payloads come from the router, never
 * redeclared by hand.
 *
 *   type CompanyRow = RouterOutputs['organisations']['companies']['list']['items'][number];
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/router.ts';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
