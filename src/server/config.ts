import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../shared/dates.ts';
import { describeIssue } from '../shared/field-messages.ts';

/** The database of a dev machine; `npm start` creates it when missing (any other name needs DB_CREATE=true). */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/equipcheck';

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The origin the map's tiles come from, as a CSP source (`https://tile.openstreetmap.org`;
 * `https://*.tile.example.com` for a `{s}` subdomain template); null when `template` is not an
 * http(s) URL with `{z}`, `{x}` and `{y}`.
 */
export function mapTileOrigin(template: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((p) => template.includes(p))) return null;
  const m = /^(https?):\/\/([^/?#]+)(?:[/?#]|$)/i.exec(template.trim());
  if (!m) return null;
  const [, scheme = '', authority = ''] = m;
  // `{s}` may only be a whole leading label: a{s}b.example.com cannot be a CSP source.
  const host = authority.replace(/^\{s\}\./, '*.');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(host) || host.includes('..')) return null;
  return `${scheme.toLowerCase()}://${host.toLowerCase()}`;
}

/** All configuration comes from the environment, parsed once. Defaults work on a dev machine. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Take the client address from X-Forwarded-For (behind a trusted proxy). */
  TRUST_PROXY: z.stringbool().default(false),
  /** How many trusted proxies append to X-Forwarded-For (the client is that many entries from the end). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
  /**
   * Lets `npm start` / `npm run migrate` create a missing database whose name is not the default
   * one (a misspelt name otherwise stops start-up instead of creating an empty database).
   */
  DB_CREATE: z.stringbool().default(false),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Pool connections are closed and replaced after this many seconds, once they have served this
   * many company groups, and after this many checkouts (issues 33 and 32): a Postgres backend keeps
   * the catalog cache of every company group it has served (~0.4 MB each) until it ends. 0 turns
   * any of them off (db/schema-recycle.ts).
   */
  DATABASE_POOL_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(0).default(300),
  DATABASE_POOL_MAX_SCHEMAS: z.coerce.number().int().min(0).default(100),
  DATABASE_POOL_MAX_USES: z.coerce.number().int().min(0).default(0),
  /** Each connection prepares the statements it runs (db/prepared.ts): no re-planning per call. */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * The Redis server; on a Redis Cluster, one or more seed nodes, comma-separated
   * (`redis://10.0.0.1:6379,redis://10.0.0.2:6379`).
   */
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /**
   * REDIS_URL names a Redis Cluster (issue 28 item 4): commands, BullMQ queues and workers use
   * ioredis `Cluster`, and keys used together share a hash tag (docs/conventions.md, "Redis keys").
   * Default: true when REDIS_URL lists several nodes, else false.
   */
  REDIS_CLUSTER: z.stringbool().optional(),
  /** Prefix of every BullMQ and rate-limit key, so several installs (or test runs) share one Redis. */
  REDIS_PREFIX: z.string().default('equipcheck'),
  DATA_DIR: z.string().default('.data/files'),
  /** Where the built client is served from. */
  CLIENT_DIR: z.string().default('dist/client'),
  GCS_BUCKET: z.string().optional(),
  /**
   * Secret for signed download links, webhook URLs and tag serials. When unset, a random 256-bit
   * secret is generated once and kept in `DATA_DIR/.app-secret` (mode 0600). Weak values are refused.
   */
  APP_SECRET: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().positive().default(30),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(8),
  /**
   * How long a read may resolve its caller from memory (domains/auth/session-cache.ts; changes
   * to sessions and users drop entries at once through NOTIFY). 0 turns the cache off.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How long a list's capped count or the logged user's counters are reused while no row of their
   * schemas changes (db/read-cache.ts; changes drop them at once through NOTIFY). 0 turns it off.
   */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How long the platform settings (sign-up, maintenance mode) are reused per process for calls
   * without a session (src/server/settings.ts; a change drops them at once through NOTIFY). 0 turns
   * it off.
   */
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** Sign-in attempts before progressive delays start: per (e-mail, IP), per IP, per e-mail. */
  LOGIN_FREE_PER_PAIR: z.coerce.number().int().positive().default(5),
  LOGIN_FREE_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FREE_PER_EMAIL: z.coerce.number().int().positive().default(100),
  /** The longest wait between two attempts once throttled (the delay doubles from 1 s). */
  LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().positive().default(60),
  /** Counters fade this long after the last attempt. */
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Public tag cards (GET /web/tags/{serial}/card) one IP may read per minute. */
  TAG_CARD_MAX_PER_MINUTE: z.coerce.number().int().positive().default(120),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SMTP_URL: z.string().optional(),
  /** Public CEP lookup; `{cep}` is replaced by the 8 digits (ViaCEP's JSON shape). */
  CEP_SERVICE_URL: z.string().default('https://viacep.com.br/ws/{cep}/json/'),
  MAIL_FROM: z.string().default('EquipCheck <no-reply@equipcheck.local>'),
  CONTACT_EMAIL: z.string().default('contato@equipcheck.com.br'),
  /**
   * HTTP processes of one server (`src/server/main.ts`), sharing its port through node:cluster.
   * Default: the machine's cores. 1 = a single process, no cluster primary.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /** Worker processes of one worker (`src/worker/main.ts`). Default: the machine's cores. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /** Jobs one worker process runs at once per queue; when set, overrides the job definitions' concurrency. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** BullMQ lock of a running job; a crashed worker's job is picked up again after about 1.5x this. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(60_000),
  /** After SIGTERM: how long the server keeps reading requests already sent before it stops listening. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(30_000).default(1000),
  /** How often each worker puts back on their queue the job rows a Redis outage left off it. */
  JOB_SWEEP_EVERY_MS: z.coerce.number().int().min(100).default(15_000),
  /** A `queued` row younger than this may still be on its way to Redis: the sweep leaves it. */
  JOB_REQUEUE_MIN_AGE_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * A saved cycle list recomputes its equipment in the request up to this many equipment, else in
   * the `cycle-refresh` job (issue 30): ~0.2 ms per equipment (20 s at 100,000, bench/cycles.ts),
   * so 2,000 keep the save under ~0.5 s, well inside a proxy's timeout, with its locks held briefly.
   */
  CYCLE_REFRESH_INLINE_MAX: z.coerce.number().int().min(0).default(2000),
  /** Equipment per transaction of the `cycle-refresh` job (~0.4 s each at 2,000). */
  CYCLE_REFRESH_CHUNK: z.coerce.number().int().min(1).max(50_000).default(2000),
  /**
   * Map tiles of the inspection map (Leaflet: `{z}`, `{x}`, `{y}`, optionally `{s}` for a
   * subdomain). Its origin is added to the CSP's `img-src` at start-up; point it at a tile proxy of
   * your own to keep viewers' addresses from the tile provider.
   */
  MAP_TILE_URL: z
    .string()
    .default(DEFAULT_MAP_TILE_URL)
    .refine((u) => mapTileOrigin(u) !== null, 'an http(s) URL template with {z}, {x} and {y}'),
  /** The attribution shown on the map (plain text), as the tile provider's terms require. */
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(DEFAULT_MAP_TILE_ATTRIBUTION),
  /**
   * Who bills the plans and tag orders: `sandbox` (local bills with a pay page) or `vindi`. Defaults
   * to `sandbox` outside production; with NODE_ENV=production it must be set (see loadConfig).
   */
  BILLING_PROVIDER: z.enum(['sandbox', 'vindi']).optional(),
  /** Vindi's private API key (HTTP Basic user). Required when BILLING_PROVIDER=vindi. */
  VINDI_API_KEY: z.string().optional(),
  /** Vindi's API base: sandbox `https://sandbox-app.vindi.com.br/api/v1`, production `https://app.vindi.com.br/api/v1`. */
  VINDI_API_URL: z.string().url().default('https://sandbox-app.vindi.com.br/api/v1'),
  /**
   * The secret path segment of `POST /web/billing/webhooks/vindi/{secret}` (Vindi signs nothing).
   * When unset, derived from APP_SECRET.
   */
  VINDI_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Issue 33 item 6: days a company group whose deletion was asked for stays restorable (its users
   * cannot sign in) before the worker's sweep purges it (schema, core rows, files).
   */
  GROUP_DELETION_GRACE_DAYS: z.coerce.number().min(0).max(3650).default(30),
  /** When the worker looks for company groups past their grace period and purges them (cron, UTC). */
  GROUP_PURGE_CRON: z.string().default('40 * * * *'),
  /** Days a bill may stay overdue before the company group goes from PENDING to BLOCKED. */
  BILLING_BLOCK_AFTER_DAYS: z.coerce.number().int().min(0).max(365).default(15),
  /** When the worker reconciles every open subscription and bill with the provider (cron, APP_TIME_ZONE). */
  BILLING_RECONCILE_CRON: z.string().default('30 3 * * *'),
  /**
   * Issue 18: when the worker sends the daily due-date digest (cron, in APP_TIME_ZONE; one run per
   * tick however many workers run).
   */
  DUE_DIGEST_CRON: z.string().default('0 7 * * *'),
  /** Issue 18: days a sent digest's row (core.due_digests, one per recipient, company and day) is kept. */
  DUE_DIGEST_KEEP_DAYS: z.coerce.number().int().min(2).max(3650).default(90),
  /** The time zone whose calendar day is "today" for due dates and inspection statuses. */
  APP_TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'unknown time zone'),
  /**
   * Issue 20: how old a field record's `performedAt` may be when it arrives (records made offline
   * and synced later); older ones are refused with RECORD_PERFORMED_AT_TOO_OLD.
   */
  OFFLINE_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Proof of presence: an inspection located farther than this from the equipment's reference is flagged. */
  PRESENCE_MAX_DISTANCE_M: z.coerce.number().positive().max(1_000_000).default(200),
  /** Proof of presence: an inspection submitted more than this after the tag was scanned is flagged. */
  PRESENCE_MAX_SUBMIT_DELAY_MIN: z.coerce.number().positive().max(100_000).default(30),
  QR_BATCH_MAX: z.coerce.number().int().min(1).default(10000),
  /** Labels a company may generate per calendar month unless the provider admin sets its own quota. */
  QR_MONTHLY_QUOTA: z.coerce.number().int().min(0).default(50_000),
  /** Jobs of one company group that run at once on one queue, across every worker (fair share). */
  TENANT_MAX_ACTIVE_JOBS: z.coerce.number().int().min(1).default(1),
  /** Outgoing webhooks (issue 18): accept plain http:// endpoint URLs (development, tests). */
  WEBHOOKS_ALLOW_HTTP: z.stringbool().default(false),
  /**
   * Outgoing webhooks: accept endpoints on private, loopback or link-local addresses (checked at
   * registration and again at send time after DNS resolution). Tests' local receiver only.
   */
  WEBHOOKS_ALLOW_PRIVATE: z.stringbool().default(false),
  /** Attempts of one delivery, the first included; with WEBHOOKS_RETRY_SPAN_MS they set the exponential backoff. */
  WEBHOOKS_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(12),
  /** The time the retries of one delivery span: first delay = span / (2^(attempts-1) - 1), doubling. */
  WEBHOOKS_RETRY_SPAN_MS: z.coerce.number().int().min(1).default(86_400_000),
  /** How long one delivery attempt may take, connection included. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** How long a process keeps which companies subscribe to which events (NOTIFY drops it on a change); 0 = off. */
  WEBHOOKS_ENDPOINT_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Days the delivery log keeps a delivery. */
  WEBHOOKS_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Issue 18, video lessons: where the lessons live in the file store (`<prefix><slug>.mp4|webm`). */
  VIDEO_LESSONS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]*\/$/)
    .default('lessons/'),
  /** Issue 18: the largest lesson the provider admin may upload (bytes; checked while streaming). */
  VIDEO_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024),
  /** Issue 18, page views: batches one user may send per minute (the client sends one every ~10 s). */
  PAGE_VIEWS_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Issue 18: days the raw page views are kept (the daily counts of the usage page stay). */
  PAGE_VIEWS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Issue 29 item 4: days the audit trail keeps its entries (the retention sweep deletes older ones). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(1825),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'BILLING_PROVIDER'> & {
  PUBLIC_URL: string;
  APP_SECRET: string;
  BILLING_PROVIDER: 'sandbox' | 'vindi';
};

/** The one sentence start-up refuses a production install with when no billing provider is chosen. */
export const BILLING_PROVIDER_REQUIRED =
  'BILLING_PROVIDER: set BILLING_PROVIDER=vindi (or BILLING_PROVIDER=sandbox for a test install whose bills are never charged): production never falls back to the sandbox';

let cached: Config | undefined;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${describeIssue(i).message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Issue 26 item 3: the sandbox marks bills paid without charging anyone, so a production install
  // must choose it on purpose rather than get it by leaving the variable out.
  if (c.BILLING_PROVIDER === undefined && c.NODE_ENV === 'production')
    throw new Error(`Invalid environment configuration:\n  ${BILLING_PROVIDER_REQUIRED}`);
  return {
    ...c,
    BILLING_PROVIDER: c.BILLING_PROVIDER ?? 'sandbox',
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    APP_SECRET: c.APP_SECRET === undefined ? storedSecret(c.DATA_DIR) : checkedSecret(c.APP_SECRET),
  };
}

/** File in DATA_DIR that keeps the generated APP_SECRET across restarts. */
export const SECRET_FILE = '.app-secret';

const WEAK_WORDS = /changeme|insecure|secret|password|default|example|letmein|admin|test|dev|qwerty|12345/g;

/**
 * Why `value` is not acceptable as APP_SECRET, or null. Refuses empty and short values, the old
 * computable `dev-…-insecure-secret` fallback, and values made of a few characters or of common
 * words (`changeme`, `secret…`), which someone could guess and then mint links and cookies.
 */
export function weakSecretReason(value: string): string | null {
  if (value.trim() === '') return 'is empty';
  if (value.length < 32) return 'is shorter than 32 characters';
  if (/^dev-.*-insecure-secret$/.test(value)) return 'is the old computable development fallback';
  if (new Set(value).size < 10) return 'uses too few distinct characters';
  const rest = value
    .toLowerCase()
    .replace(WEAK_WORDS, '')
    .replace(/[^a-z0-9]/g, '');
  if (rest.length < 16 || new Set(rest).size < 8) return 'is made of common words';
  return null;
}

function checkedSecret(value: string): string {
  const why = weakSecretReason(value);
  if (why)
    throw new Error(
      `Invalid environment configuration:\n  APP_SECRET: ${why}; use a long random value (e.g. \`openssl rand -base64 32\`), or leave it unset to generate one in DATA_DIR/${SECRET_FILE}`,
    );
  return value;
}

/**
 * The generated secret of this install: read from DATA_DIR/.app-secret, or 32 random bytes written
 * there (mode 0600, exclusive create, so a server and a worker starting together agree).
 */
function storedSecret(dataDir: string): string {
  const file = join(dataDir, SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  // Written under a temporary name and linked into place: the link either creates the complete
  // file or fails with EEXIST, so a reader never sees a half-written secret.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, `${fresh}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(tmp, file);
    return fresh;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(tmp);
  }
  const secret = readFileSync(file, 'utf8').trim();
  chmodSync(file, 0o600);
  const why = weakSecretReason(secret);
  if (why)
    throw new Error(`Invalid ${file}: the stored APP_SECRET ${why}; delete the file to generate a new one`);
  return secret;
}

export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Tests change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
