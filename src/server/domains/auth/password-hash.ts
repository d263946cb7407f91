import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with 19 MiB memory and 2 iterations: OWASP's minimum recommendation.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A real hash of a random value: verifying against it costs the same time as a real user. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
}
