import { hash, verify } from "@node-rs/argon2";

/** argon2 parameters. Defaults are OWASP's argon2id minimum (m=19 MiB, t=2, p=1). */
export type HashingOptions = { readonly memoryCost: number; readonly timeCost: number; readonly parallelism: number };

export const OWASP_ARGON2ID: HashingOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Algorithm.Argon2id (a const enum in the typings, which isolatedModules cannot read). */
const ARGON2ID = 2;

/**
 * Password hashing with argon2id. @node-rs/argon2 runs on libuv's thread pool, so it never
 * blocks the event loop. Unknown users are verified against a dummy hash made with the same
 * parameters, so a wrong email costs the same time as a wrong password.
 */
export const createPasswordHasher = (options: HashingOptions = OWASP_ARGON2ID) => {
  const params = { ...options, algorithm: ARGON2ID as never };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string) => hash(password, params),
    verify: async (stored: string, password: string) => {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
    /** Spends the same work as a real verification, always false. */
    verifyDummy: async (password: string) => {
      dummy ??= hash("dummy-password-for-equal-work", params);
      await verify(await dummy, password).catch(() => false);
      return false;
    },
  };
};

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
