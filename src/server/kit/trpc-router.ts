/** Builds the tRPC router of an operation table (types included, so the client infers from it). */
import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import { publicProcedure, router } from '../trpc.ts';
import {
  type AnyOperation,
  authorize,
  noteCredentialAnswer,
  execute,
  parseInput,
  isOperation,
  refuseDuringMaintenance,
  type Operation,
  type OperationTable,
} from './operation.ts';

type ProcedureInput<I> = I extends z.ZodType ? z.input<I> : undefined;

type ProcedureOf<Op> =
  Op extends Operation<infer K, infer _A, infer I, infer O>
    ? K extends 'query'
      ? TRPCQueryProcedure<{ input: ProcedureInput<I>; output: z.output<O>; meta: object }>
      : TRPCMutationProcedure<{ input: ProcedureInput<I>; output: z.output<O>; meta: object }>
    : never;

/** The tRPC record of a table: operations become procedures (tRPC-only or both), REST-only ones vanish. */
export type RouterRecordOf<T> = {
  [K in keyof T as T[K] extends Operation
    ? T[K] extends { trpc: false }
      ? never
      : K
    : K]: T[K] extends Operation ? ProcedureOf<T[K]> : RouterRecordOf<T[K]>;
};

function procedureOf(name: string, op: AnyOperation) {
  // Access first, so a refused role never learns anything from input validation; the input is
  // parsed by the kit's parseInput so both doors answer the same codes. The procedure's
  // types come from RouterRecordOf, not from the builder.
  const p = publicProcedure
    .use(async ({ ctx, next }) => {
      noteCredentialAnswer(op, ctx);
      const admitted = authorize(op.access, ctx);
      await refuseDuringMaintenance(op, admitted);
      return next({ ctx: admitted });
    })
    .input((raw: unknown) => parseInput(op, raw));
  const resolve = ({ ctx, input }: { ctx: unknown; input: unknown }) =>
    execute(name, op, ctx as never, input);
  return op.kind === 'query' ? p.query(resolve) : p.mutation(resolve);
}

function recordOf(table: OperationTable, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(table)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isOperation(value)) {
      if (value.trpc) out[key] = procedureOf(name, value);
    } else {
      // tRPC v11 takes nested plain records as sub-routers.
      out[key] = recordOf(value, name);
    }
  }
  return out;
}

/** `buildRouter({ categories: {...}, products: {...} }, 'catalogue')` → the domain's tRPC router. */
export function buildRouter<const T extends OperationTable>(table: T, prefix = '') {
  return router(recordOf(table, prefix) as RouterRecordOf<T>);
}
