import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Algorithm, parseOptions } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { runHashing } from './hashingProcess';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_OPTIONS = { ...ARGON2_PARAMS, algorithm: 2 as Algorithm /* Argon2id (an ambient const enum) */ };

/**
 * Hashes that may run at once. Each takes ~19 MiB and a libuv thread, so a burst of
 * logins queues here instead of taking all memory and the threads file and DNS work need;
 * and each keeps a core busy, so one core is always left for the event loop (one hash at a
 * time on two cores, two from three).
 */
export const HASHING_CONCURRENCY = Math.min(2, Math.max(1, availableParallelism() - 1));
const limit = pLimit(HASHING_CONCURRENCY);

let running = 0;
let peakRunning = 0;
/** Most hashes seen running at once since the last reset (a gauge for tests and benchmarks). */
export const hashingGauge = {
  get peak() {
    return peakRunning;
  },
  reset() {
    peakRunning = running;
  },
};

function bounded<T>(work: () => Promise<T>): Promise<T> {
  return limit(async () => {
    running++;
    peakRunning = Math.max(peakRunning, running);
    try {
      return await work();
    } finally {
      running--;
    }
  });
}

const SCRYPT_MAXMEM = 64 * 1024 * 1024;

/** Hashes written before argon2id: `scrypt$N$r$p$salt$hash`, salt and hash base64. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltText, hashText] = stored.split('$');
  if (!saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actualText = await runHashing('scrypt', {
    password,
    salt: saltText,
    keylen: expected.length,
    options: { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAXMEM },
  });
  const actual = Buffer.from(actualText, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`): parameters travel with the hash. */
export function hashPassword(password: string): Promise<string> {
  return bounded(() => runHashing('hash', { password, options: ARGON2_OPTIONS }));
}

function isCurrent(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return false;
  const used = parseOptions(stored);
  return (
    used.memoryCost === ARGON2_PARAMS.memoryCost &&
    used.timeCost === ARGON2_PARAMS.timeCost &&
    used.parallelism === ARGON2_PARAMS.parallelism
  );
}

/** Whether the password matches, and whether the stored hash should be replaced by a current one. */
export async function verifyPassword(password: string, stored: string): Promise<{ valid: boolean; outdated: boolean }> {
  if (stored.startsWith('scrypt$')) {
    return { valid: await bounded(() => verifyScrypt(password, stored)), outdated: true };
  }
  if (!stored.startsWith('$argon2')) return { valid: false, outdated: false };
  const valid = await bounded(() => runHashing('verify', { stored, password }));
  return { valid, outdated: valid && !isCurrent(stored) };
}

// Checked against when the username is unknown, so both failures cost the same.
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
