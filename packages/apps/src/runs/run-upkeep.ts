import type { Reactor } from "@platform/actor-runtime";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import { pollingLoop } from "@platform/host";
import { toE164 } from "@platform/kernel";
import type { RunStore } from "./run-store.ts";

const HOUR_MS = 60 * 60 * 1000;

/** Deletes the records older than APPS_RUN_RECORDS_DAYS, at start and every hour, in worker processes. */
export const runRecordsExpiry = (deps: Pick<PlatformDeps, "config" | "log">, runs: RunStore): BackgroundTask => {
  const loop = pollingLoop({
    intervalMs: HOUR_MS,
    pass: async () => void (await runs.expire(deps.config.runRecords.days)),
    onError: (err) => deps.log.error({ err }, "expiring recorded component runs failed"),
  });
  return { name: "apps-run-records-expiry", start: () => loop.start(), stop: () => loop.stop() };
};

/**
 * A person's addresses as a record may hold them: as given, and a phone also as its E.164 number. Run by the erasure
 * of a principal (docs/PRIVACY.md), before its addresses become unreadable.
 */
export const eraseRunsNaming = (runs: RunStore) => async (contacts: readonly string[]) => {
  const texts = contacts.flatMap((c) => {
    const e164 = c.includes("@") ? null : toE164(c);
    return e164 ? [c, e164] : [c];
  });
  await runs.erase(texts);
};

/**
 * An erased principal: the records of the runs it made (an ingress it called) and of those that name its id go too.
 * Their addresses went before, by `eraseRunsNaming`.
 */
export const runErasureReactor = (runs: RunStore): Reactor => ({
  name: "apps-run-records-erasure",
  eventTypes: ["PrincipalErased"],
  handle: async (event) => {
    const principalId = event.streamId.slice("principal-".length);
    await runs.erase([principalId], principalId);
  },
});
