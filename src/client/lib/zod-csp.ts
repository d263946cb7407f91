/**
 * Imported first by main.tsx, before any schema exists. Zod 4 compiles object parsers with
 * `new Function` after probing whether eval is allowed; under the SPA's CSP (script-src 'self', no
 * 'unsafe-eval') the probe is refused and reported as a violation even though zod catches it.
 * `jitless` skips both the probe and the compiled parsers (the interpreted ones answer the same).
 * The limits' messages (zod's `customError`, merged with this setting) come with the shared module.
 */
import { z } from 'zod';
import '../../shared/field-messages.ts';

z.config({ jitless: true });
