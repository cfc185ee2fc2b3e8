import type { Context } from "hono";
import { DomainError } from "@platform/kernel";
import { streamIdOf } from "@platform/actor-runtime";
import type { RecordedEvent } from "@platform/event-store";
import { listEnvelope, parsePage } from "@platform/http";
import type { PlatformDeps } from "@platform/platform";
import { readableActor } from "./get-actor.ts";

const versionCursor = (values: readonly string[] | undefined, name: string): number | undefined => {
  if (!values) return undefined;
  const n = Number(values[0]);
  if (!Number.isSafeInteger(n) || n < 0) throw new DomainError("VALIDATION_FAILED", `Invalid ${name}`, [{ path: name, message: "not a cursor from this API" }]);
  return n;
};

const present = (e: RecordedEvent) => ({ type: e.type, version: e.version, globalPosition: e.globalPosition, data: e.data, metadata: e.metadata });

/**
 * `GET /resources/actors/{type}/{id}/journal`: the actor's events in version order as a
 * paginated list under `events` (cursors are versions; `before` pages back).
 */
export const getJournal = (deps: PlatformDeps) => async (c: Context) => {
  const { def, id, loaded } = await readableActor(deps, c);
  const page = parsePage(c.req.query());
  const after = versionCursor(page.after, "after");
  const before = versionCursor(page.before, "before");
  const streamId = streamIdOf(def.type, id);
  const range =
    before !== undefined
      ? { fromVersion: Math.max(1, before - page.limit), toVersion: before - 1 }
      : { fromVersion: (after ?? 0) + 1, maxCount: page.limit };
  const events = range.fromVersion > (range.toVersion ?? Number.MAX_SAFE_INTEGER) ? [] : await deps.store.readStream(streamId, range);
  const total = Math.max(loaded.version, events.at(-1)?.version ?? 0);
  return c.json(listEnvelope("events", events.map(present), total, (e) => [e.version]));
};
