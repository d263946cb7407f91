/**
 * The tenant schema added while compiling, once per statement text (issue 12). `withSchema` is a
 * plugin: every query's whole tree was copied by its transform pass before compiling — about two
 * thirds of the CPU a list query spent in Kysely (a products page: 26 µs to build and compile
 * plainly, 61 µs with the pass). A tenant's Kysely now compiles the tree as written (cheap), and
 * looks that text up in a per-schema map of the schema-qualified text; only a text seen for the
 * first time pays for the transform (the same `WithSchemaPlugin`, so the rules — aliases, CTEs,
 * `json_agg` arguments — are Kysely's). The parameters are the plain compile's: the pass never
 * adds or moves a value (checked on the first compile of each text).
 *
 * One consequence the callers keep in mind: a tenant builder embedded in a `sql` template that
 * another Kysely compiles (`sql\`…${tenantQuery}\`.execute(baseDb())`) is not qualified any more —
 * compile it with its own instance (`.compile()`) and embed the text, as `kit/list.ts` does.
 */
import {
  type CompiledQuery,
  PostgresQueryCompiler,
  type QueryId,
  type RootOperationNode,
  WithSchemaPlugin,
} from 'kysely';

/** Distinct statement texts remembered per schema before the map starts again. */
const TEXTS_PER_SCHEMA = 5000;

export class TenantQueryCompiler extends PostgresQueryCompiler {
  readonly #plugin: WithSchemaPlugin;
  readonly #texts = new Map<string, string>();

  constructor(schema: string) {
    super();
    this.#plugin = new WithSchemaPlugin(schema);
  }

  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    const plain = super.compileQuery(node, queryId);
    const known = this.#texts.get(plain.sql);
    if (known !== undefined) return { ...plain, sql: known };
    const qualified = super.compileQuery(this.#plugin.transformQuery({ node, queryId }), queryId);
    if (qualified.parameters.length === plain.parameters.length) {
      if (this.#texts.size >= TEXTS_PER_SCHEMA) this.#texts.clear();
      this.#texts.set(plain.sql, qualified.sql);
    }
    return qualified;
  }
}
