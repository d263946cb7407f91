/**
 * How a domain declares its error codes (`src/shared/<domain>/errors.ts`):
 *
 *   export const catalogueErrors = defineErrors({
 *     CATEGORY_NAME_EXISTS: {
 *       status: 409,
 *       message: 'Já existe uma categoria com o nome {name}',   // pt: the server's text (seed texts verbatim)
 *       en: 'A category named {name} already exists',
 *       es: 'Ya existe una categoría con el nombre {name}',
 *     },
 *   });
 *
 * `{name}` placeholders are the error's parameters: `new AppError('CATEGORY_NAME_EXISTS', { params:
 * { name } })` must pass them (typed from the message), the envelope carries them, and the client
 * formats the text of the user's language with them. The three texts must use the same
 * placeholders (checked here at compile time and by tests/unit/errors.test.ts).
 *
 * `ids: ['questionId']` adds id parameters (numbers, required too) that no text shows: the client
 * places the error on the field of that id (issue 27 item 4).
 *
 * A few seed messages are English (`'email exists'`, `'company group already exists'`…): the
 * server keeps them verbatim, and `pt` gives the Portuguese text the client shows instead.
 */

export interface ErrorDef {
  /** HTTP status the REST shim answers (tRPC maps it to its own code). */
  status: number;
  /** The server's message (seed texts verbatim); the client's pt text unless `pt` is given. */
  message: string;
  /** The client's Portuguese text when the server's message is not Portuguese. */
  pt?: string;
  en: string;
  es: string;
  /**
   * Id parameters the envelope carries besides the placeholders (e.g. `questionId`): they name the
   * value at fault by id, so a form places the error on its field even when two share a text.
   */
  ids?: readonly string[];
}

/** The `{name}` placeholders of a message, as a union of names. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The placeholders of a code's `pt` text (those of its message when it has none). */
type PtPlaceholders<D extends ErrorDef> = D extends { pt: infer P extends string }
  ? Placeholders<P>
  : Placeholders<D['message']>;

/** The codes whose pt, en or es text uses other placeholders than the message. */
type Mismatched<T extends Record<string, ErrorDef>> = {
  [K in keyof T]: Same<Placeholders<T[K]['message']>, Placeholders<T[K]['en']>> extends true
    ? Same<Placeholders<T[K]['message']>, Placeholders<T[K]['es']>> extends true
      ? Same<Placeholders<T[K]['message']>, PtPlaceholders<T[K]>> extends true
        ? never
        : K
      : K
    : K;
}[keyof T];

/**
 * Declares a domain's codes; keeps their literal texts so the parameters can be typed. A code
 * whose en/es texts use other placeholders than its message fails to compile: the call then
 * expects a second argument, `placeholdersDifferIn`, typed as the offending code(s).
 */
export function defineErrors<const T extends Record<string, ErrorDef>>(
  defs: T,
  ..._check: [Mismatched<T>] extends [never] ? [] : [placeholdersDifferIn: Mismatched<T>]
): T {
  return defs;
}

/** Fills `{name}` placeholders; unknown ones are left as they are. */
export function formatMessage(
  template: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}

/** The placeholder names of a text, sorted (for checks). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string))].sort();
}
