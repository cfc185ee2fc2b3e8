import { randomBytes } from "node:crypto";
import type { Database } from "@platform/db";
import { DomainError } from "@platform/kernel";
import { ConfigError } from "../config.ts";
import type { Logger } from "../logger.ts";
import { open, seal } from "./cipher.ts";
import { rotateWrapping } from "./rotation.ts";

/** The row that proves DATA_KEY is the key this database's subject keys were wrapped with. */
const CHECK = "$data-key-check";
const CHECK_TEXT = Buffer.from("personal-data key check");
/**
 * The key personal natural keys are hashed with: random, wrapped like a subject's, so rotating DATA_KEY keeps every
 * hash.
 */
const LOOKUP = "$lookup-hmac";
const ERASED_CHANNEL = "pd_subject_erased";
/** How long an unwrapped key is kept in memory; erasures elsewhere also arrive by NOTIFY at once. */
const KEY_TTL_MS = 60_000;
const MAX_CACHED = 20_000;

/**
 * A start with another DATA_KEY than the one the database's subject keys were wrapped with: a configuration error (exit
 * 78).
 */
export class DataKeyMismatch extends ConfigError {
  constructor() {
    super([
      "DATA_KEY: not the key this database's personal data was protected with; start with the " +
        "DATA_KEY (or the DATA_DIR/data-key file) it was made with",
    ]);
  }
}

/** A subject whose key was destroyed: nothing personal can be written for it again. */
const subjectErased = () =>
  new DomainError("CONFLICT", "The personal data of this record was erased; it cannot hold personal data again");

export type SubjectKeys = ReturnType<typeof createSubjectKeys>;

/** The subjects' keys: made on first use, unwrapped once and cached, destroyed on erasure. */
export const createSubjectKeys = (db: Database, wrapping: Buffer) => {
  const cache = new Map<string, { readonly key: Buffer | null; readonly until: number }>();
  const remember = (subject: string, key: Buffer | null) => {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(subject, { key, until: key ? Date.now() + KEY_TTL_MS : Number.POSITIVE_INFINITY });
  };
  const cached = (subject: string) => {
    const hit = cache.get(subject);
    if (hit && hit.until > Date.now()) return hit;
    if (hit) cache.delete(subject);
    return undefined;
  };
  const unwrap = (subject: string, wrapped: Buffer | null) => (wrapped ? open(wrapping, wrapped, subject) : null);
  let unlisten: (() => Promise<void>) | undefined;
  const erasedListeners: ((subject: string) => void)[] = [];
  const erased = (subject: string) => {
    remember(subject, null);
    for (const l of erasedListeners) l(subject);
  };

  return {
    /**
     * Checks DATA_KEY against the database (the first start records the check): DataKeyMismatch
     * when the table is under another key, unless it is `previous` (DATA_KEY_PREVIOUS), whose
     * keys are then re-wrapped. Answers the key personal lookup keys are hashed with.
     */
    async verify(previous: Buffer | undefined, log: Logger): Promise<Buffer> {
      await db.pool.query(
        "INSERT INTO pd_subject_keys (subject, wrapped) VALUES ($1, $2) ON CONFLICT (subject) DO NOTHING",
        [CHECK, seal(wrapping, CHECK_TEXT, CHECK)],
      );
      const { rows } = await db.pool.query<{ wrapped: Buffer }>(
        "SELECT wrapped FROM pd_subject_keys WHERE subject = $1",
        [CHECK],
      );
      const opensWith = (key: Buffer) => {
        try {
          return open(key, Buffer.from(rows[0]!.wrapped), CHECK).equals(CHECK_TEXT);
        } catch {
          return false;
        }
      };
      if (!opensWith(wrapping)) {
        if (!previous || !opensWith(previous)) throw new DataKeyMismatch();
        await rotateWrapping(db, previous, wrapping, CHECK, log);
      }
      unlisten = await db.listen(ERASED_CHANNEL, erased);
      return this.keyFor(LOOKUP);
    },

    /** The key held in memory: a Buffer, null when erased, undefined when it must be read (keysOf). */
    cachedKey: (subject: string): Buffer | null | undefined => cached(subject)?.key,

    /** Each subject's key; null for one erased or without a key (its personal fields cannot be read). */
    // Not async: when memory holds every key, the answer comes without a turn of the event loop.
    keysOf(subjects: readonly string[]): Map<string, Buffer | null> | Promise<Map<string, Buffer | null>> {
      const out = new Map<string, Buffer | null>();
      const missing: string[] = [];
      for (const s of new Set(subjects)) {
        const hit = cached(s);
        if (hit) out.set(s, hit.key);
        else missing.push(s);
      }
      if (missing.length === 0) return out;
      return db.pool
        .query<{ subject: string; wrapped: Buffer | null }>(
          "SELECT subject, wrapped FROM pd_subject_keys WHERE subject = ANY($1)",
          [missing],
        )
        .then(({ rows }) => {
          for (const r of rows) {
            const key = unwrap(r.subject, r.wrapped && Buffer.from(r.wrapped));
            remember(r.subject, key);
            out.set(r.subject, key);
          }
          for (const s of missing) if (!out.has(s)) out.set(s, null);
          return out;
        });
    },

    /**
     * A new key for a subject whose stream is empty, wrapped for its first append to store (`pd_subject_keys_rows`);
     * `adopt` it once that append went through.
     */
    fresh(subject: string): { readonly key: Buffer; readonly wrapped: Buffer } {
      const key = randomBytes(32);
      return { key, wrapped: seal(wrapping, key, subject) };
    },

    adopt(subject: string, key: Buffer): void {
      remember(subject, key);
    },

    /** The subject's key, made now when it has none; CONFLICT when it was erased. */
    async keyFor(subject: string): Promise<Buffer> {
      const hit = cached(subject);
      if (hit?.key) return hit.key;
      if (hit) throw subjectErased();
      // One round trip: the new key, or the one another request made first (or its tombstone).
      const { rows } = await db.pool.query<{ wrapped: Buffer | null }>(
        `WITH made AS (INSERT INTO pd_subject_keys (subject, wrapped) VALUES ($1, $2)
                       ON CONFLICT (subject) DO NOTHING RETURNING wrapped)
         SELECT wrapped FROM made
         UNION ALL SELECT wrapped FROM pd_subject_keys WHERE subject = $1 AND NOT EXISTS (SELECT 1 FROM made)`,
        [subject, seal(wrapping, randomBytes(32), subject)],
      );
      // No row: another request's insert committed after this statement's snapshot; read it now.
      if (rows.length === 0) return (await this.keysOf([subject])).get(subject) ?? Promise.reject(subjectErased());
      const wrapped = rows[0]!.wrapped;
      const key = wrapped ? unwrap(subject, Buffer.from(wrapped)) : null;
      remember(subject, key);
      if (!key) throw subjectErased();
      return key;
    },

    /** Destroys the subjects' keys for good (a tombstone stays); every process forgets them at once. */
    async erase(subjects: readonly string[]): Promise<void> {
      if (subjects.length === 0) return;
      await db.pool.query(
        `INSERT INTO pd_subject_keys (subject, wrapped, erased_at) SELECT s, NULL, now() FROM unnest($1::text[]) AS s
         ON CONFLICT (subject) DO UPDATE SET wrapped = NULL, erased_at = COALESCE(pd_subject_keys.erased_at, now())`,
        [subjects],
      );
      for (const s of subjects) {
        erased(s);
        await db.notify(ERASED_CHANNEL, s).catch(() => undefined);
      }
    },

    /**
     * Called with each subject erased, here or (by NOTIFY) in another process: what is held of it in memory must go.
     */
    onErased(listener: (subject: string) => void): void {
      erasedListeners.push(listener);
    },

    async close(): Promise<void> {
      await unlisten?.();
      cache.clear();
    },
  };
};
