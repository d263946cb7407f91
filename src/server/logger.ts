import { config } from './config.ts';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

export const REDACTED = '[redacted]';

/**
 * Keys whose values never reach a log line, matched case-insensitively on the key with `-`/`_`
 * removed, at any depth: `password`, `newPassword`, `token`, `emailToken`, `Authorization`,
 * `APP_SECRET`, `sig`, cookies, API keys…
 */
const SECRET_KEY = /passw|pwd|token|secret|authorization|cookie|^sig$|signature|apikey|credential|^t$|hash$/i;

/**
 * Secrets inside free text (error messages, URLs, stacks): bearer/basic credentials, the values of
 * `t=`, `token=`, `sig=`, `password=`… query/form parameters, user info in URLs
 * (`postgres://user:pass@`), and long base64url runs in URL paths (tokens in links).
 */
const VALUE_PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [
    /((?<![\w-])(?:t|token|emailToken|sig|signature|password|secret|code|key)=)[^&\s"'#<>]+/gi,
    `$1${REDACTED}`,
  ],
  [/(\/\/[^/\s:@]+:)[^@\s/]+@/g, `$1${REDACTED}@`],
  [/(\/|#)[\w-]{40,}/g, `$1${REDACTED}`],
];

export function redactText(text: string): string {
  let out = text;
  for (const [re, by] of VALUE_PATTERNS) out = out.replace(re, by);
  return out;
}

function keyIsSecret(key: string): boolean {
  return SECRET_KEY.test(key.replace(/[-_]/g, ''));
}

/** A copy of `value` with secret keys replaced and secret-looking text masked (nested, cycle-safe). */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) return redactText(String(value.stack ?? value.message));
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, seen));
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = keyIsSecret(k) ? REDACTED : redact(v, seen);
  return out;
}

type Sink = (level: Level, line: string) => void;
let sink: Sink | null = null;

/** Test hook: send every log line (already redacted, as written) to `fn` instead of stdout/stderr; null restores. */
export function setLogSink(fn: Sink | null): void {
  sink = fn;
}

function write(level: Level, msg: string, data?: Record<string, unknown>): void {
  if (!sink && LEVELS[level] < LEVELS[config().LOG_LEVEL]) return;
  const fields = data ? (redact(data) as Record<string, unknown>) : undefined;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg: redactText(msg), ...fields });
  if (sink) sink(level, line);
  else (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Structured one-line JSON logs; secrets are redacted by key and by value pattern. */
export const log = {
  debug: (msg: string, data?: Record<string, unknown>) => write('debug', msg, data),
  info: (msg: string, data?: Record<string, unknown>) => write('info', msg, data),
  warn: (msg: string, data?: Record<string, unknown>) => write('warn', msg, data),
  error: (msg: string, data?: Record<string, unknown>) => write('error', msg, data),
};
