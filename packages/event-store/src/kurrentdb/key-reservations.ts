import { BACKWARDS, END, NO_STREAM, jsonEvent } from "@kurrent/kurrentdb-client";
import type { KurrentDBClient } from "@kurrent/kurrentdb-client";
import { KeyConflictError } from "../errors.ts";
import type { KeyClaim } from "../types.ts";
import { isStreamNotFound, isWrongExpectedVersion, keyStreamName } from "./kurrentdb-mapping.ts";
import { warn } from "./warn.ts";

const KEY_RESERVED = "KeyReserved";
const KEY_RELEASED = "KeyReleased";
/** How often a reservation/release retries after losing an optimistic race on the key stream. */
const KEY_RETRIES = 5;

/** A key newly taken by an append, and the revision of its `KeyReserved` (to release it). */
type Reservation = { readonly claim: KeyClaim; readonly revision: bigint };

type KeyReservations = {
  /** The key's stream state: null when the key stream does not exist. */
  readonly readKey: (claim: KeyClaim) => Promise<{ revision: bigint; holder: string | null } | null>;
  /** Reserves every claim (step 1); returns the keys newly taken, to compensate on failure. */
  readonly reserve: (streamId: string, claims: readonly KeyClaim[]) => Promise<Reservation[]>;
  /** Undoes reservations made in a failed append (step 3; best effort, failures are warned). */
  readonly compensate: (streamId: string, reservations: readonly Reservation[]) => Promise<void>;
  /** Releases the keys `streamId` holds among `claims` (step 4; best effort, failures are warned). */
  readonly release: (streamId: string, claims: readonly KeyClaim[]) => Promise<void>;
};

/**
 * Natural keys. KurrentDB has no transaction spanning several streams, so unlike the
 * Postgres adapter (keys and events in one SQL transaction) reservation is NOT atomic
 * with the append. Each key has a stream `keys-<scope>-<key>` whose last event says who
 * holds it (`KeyReserved {streamId}`) or that it is free (`KeyReleased`). An append:
 *   1. reserves every requested key by appending `KeyReserved` with an optimistic
 *      expected revision (no stream, or the revision of the `KeyReleased` just read), so
 *      two streams racing for one key cannot both win; a key held by another stream is a
 *      KeyConflictError (keys reserved so far in this call are released first);
 *   2. appends the events;
 *   3. if that fails (wrong version, network, ...), compensates: releases the keys step 1
 *      newly reserved (not those the stream already held) and rethrows;
 *   4. on success, releases `releaseKeys`.
 * What this guarantees: a key is never held by two streams at once, and a failed append
 * gives its new keys back. What it does not: between steps 1 and 3 another stream sees
 * the key as taken (a spurious KeyConflictError, retryable) and lookupKey names a stream
 * that may never get the events; if the process dies (or KurrentDB is unreachable) in that
 * window, or before step 4, the key stays held until an append of the holding stream
 * releases it. Compensation and release failures are reported with process.emitWarning.
 */
export const createKeyReservations = (client: KurrentDBClient): KeyReservations => {
  const readKey: KeyReservations["readKey"] = async (claim) => {
    try {
      for await (const resolved of client.readStream(keyStreamName(claim.scope, claim.key), {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        const e = resolved.event;
        if (!e) continue;
        const holder = e.type === KEY_RESERVED ? (e.data as { streamId?: unknown } | null)?.streamId : undefined;
        return { revision: e.revision, holder: typeof holder === "string" ? holder : null };
      }
      return null;
    } catch (error) {
      if (isStreamNotFound(error)) return null;
      throw error;
    }
  };

  const keyEvent = (type: typeof KEY_RESERVED | typeof KEY_RELEASED, streamId: string, claim: KeyClaim) =>
    jsonEvent({
      type,
      data: { streamId, scope: claim.scope, key: claim.key },
      metadata: { at: new Date().toISOString() },
    });

  /** Reserves one key; returns the reservation when newly taken, null when the stream already held it. */
  const reserveKey = async (streamId: string, claim: KeyClaim): Promise<Reservation | null> => {
    for (let attempt = 0; ; attempt++) {
      const state = await readKey(claim);
      if (state?.holder === streamId) return null;
      if (state?.holder) throw new KeyConflictError(claim.scope, claim.key);
      try {
        const result = await client.appendToStream(
          keyStreamName(claim.scope, claim.key),
          keyEvent(KEY_RESERVED, streamId, claim),
          {
            streamState: state ? state.revision : NO_STREAM,
          },
        );
        return { claim, revision: result.nextExpectedRevision };
      } catch (error) {
        // Someone changed the key stream since we read it: look again (it may now be taken).
        if (!isWrongExpectedVersion(error)) throw error;
        if (attempt >= KEY_RETRIES) throw new KeyConflictError(claim.scope, claim.key);
      }
    }
  };

  const compensate: KeyReservations["compensate"] = async (streamId, reservations) => {
    await Promise.all(
      reservations.map(({ claim, revision }) =>
        client
          .appendToStream(keyStreamName(claim.scope, claim.key), keyEvent(KEY_RELEASED, streamId, claim), {
            streamState: revision,
          })
          .catch((error: unknown) =>
            warn(`Could not release key ${claim.scope}=${claim.key} after a failed append to ${streamId}`, error),
          ),
      ),
    );
  };

  const reserve: KeyReservations["reserve"] = async (streamId, claims) => {
    const unique = [...new Map(claims.map((c) => [keyStreamName(c.scope, c.key), c])).values()];
    const reservations: Reservation[] = [];
    try {
      for (const claim of unique) {
        const r = await reserveKey(streamId, claim);
        if (r) reservations.push(r);
      }
      return reservations;
    } catch (error) {
      await compensate(streamId, reservations);
      throw error;
    }
  };

  /** Releases one key if `streamId` holds it. */
  const releaseKey = async (streamId: string, claim: KeyClaim) => {
    for (let attempt = 0; ; attempt++) {
      const state = await readKey(claim);
      if (!state || state.holder !== streamId) return;
      try {
        await client.appendToStream(keyStreamName(claim.scope, claim.key), keyEvent(KEY_RELEASED, streamId, claim), {
          streamState: state.revision,
        });
        return;
      } catch (error) {
        if (!isWrongExpectedVersion(error) || attempt >= KEY_RETRIES) throw error;
      }
    }
  };

  const release: KeyReservations["release"] = async (streamId, claims) => {
    for (const claim of claims) {
      // The events are committed: a failed release must not turn the append into a failure.
      await releaseKey(streamId, claim).catch((error: unknown) =>
        warn(`Could not release key ${claim.scope}=${claim.key} of ${streamId}`, error),
      );
    }
  };

  return { readKey, reserve, compensate, release };
};
