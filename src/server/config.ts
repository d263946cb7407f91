import { z } from 'zod';

/** The database of a dev machine; `npm start` creates it when missing (any other name needs DB_CREATE=true). */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/equipcheck';

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
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix of every BullMQ and rate-limit key, so several installs (or test runs) share one Redis. */
  REDIS_PREFIX: z.string().default('equipcheck'),
  DATA_DIR: z.string().default('.data/files'),
  /** Where the built client is served from. */
  CLIENT_DIR: z.string().default('dist/client'),
  GCS_BUCKET: z.string().optional(),
  /** Secret for signed download links and webhook URLs; a random one per process when unset (dev only). */
  APP_SECRET: z.string().min(16).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().positive().default(30),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(8),
  LOGIN_MAX_PER_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SMTP_URL: z.string().optional(),
  /** Public CEP lookup; `{cep}` is replaced by the 8 digits (ViaCEP's JSON shape). */
  CEP_SERVICE_URL: z.string().default('https://viacep.com.br/ws/{cep}/json/'),
  MAIL_FROM: z.string().default('EquipCheck <no-reply@equipcheck.local>'),
  CONTACT_EMAIL: z.string().default('contato@equipcheck.com.br'),
  /** Jobs one worker process runs at once per queue; when set, overrides the job definitions' concurrency. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** BullMQ lock of a running job; a crashed worker's job is picked up again after about 1.5x this. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(60_000),
  QR_BATCH_MAX: z.coerce.number().int().min(1).default(10000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = z.infer<typeof envSchema> & { PUBLIC_URL: string; APP_SECRET: string };

let cached: Config | undefined;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Signed links, Bull Board cookies and tag serials derive from APP_SECRET: a guessable fallback
  // is fine on a laptop, never in production.
  if (c.NODE_ENV === 'production' && !c.APP_SECRET) {
    throw new Error(
      'Invalid environment configuration:\n  APP_SECRET: required in production (at least 16 characters)',
    );
  }
  return {
    ...c,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    APP_SECRET: c.APP_SECRET ?? devSecret(),
  };
}

let generatedSecret: string | undefined;
function devSecret(): string {
  // Stable per process; production must set APP_SECRET so signed links survive restarts and scale-out.
  generatedSecret ??= `dev-${process.env.DATABASE_URL ?? ''}-insecure-secret`;
  return generatedSecret;
}

export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Tests change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
