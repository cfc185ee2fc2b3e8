import { DomainError } from "@platform/kernel";
import { readStreamRange } from "@platform/event-store";
import type { EventStore, RecordedEvent } from "@platform/event-store";
import { listEnvelope, parsePage } from "./pagination.ts";

const versionCursor = (values: readonly string[] | undefined, name: string): number | undefined => {
  if (!values) return undefined;
  const n = Number(values[0]);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new DomainError("VALIDATION_FAILED", `Invalid ${name}`, [
      { path: name, message: "not a cursor from this API" },
    ]);
  return n;
};

// `position` is the string deliveries and replays take; `globalPosition` is the store's own number, for display.
const present = (e: RecordedEvent) => ({
  type: e.type,
  version: e.version,
  position: e.position,
  globalPosition: e.globalPosition,
  data: e.data,
  metadata: e.metadata,
  ...(e.erased ? { erased: true } : {}),
});

/**
 * One page of a stream's events in version order, as the contract's journal list (key
 * `events`, cursors are versions, `before` pages back). The caller has already decided
 * who may read the stream: the actor API by actor ACEs, IAM by its own permissions.
 */
export const journalPage = async (
  store: EventStore,
  streamId: string,
  version: number,
  query: Record<string, string>,
) => {
  const page = parsePage(query);
  const after = versionCursor(page.after, "after");
  const before = versionCursor(page.before, "before");
  // Versions are contiguous: a page is a version range, read batched with its neighbours.
  const from = before !== undefined ? Math.max(1, before - page.limit) : (after ?? 0) + 1;
  const to = before !== undefined ? before - 1 : from + page.limit - 1;
  const events = await readStreamRange(store, streamId, from, to);
  const total = Math.max(version, events.at(-1)?.version ?? 0);
  return listEnvelope("events", events.map(present), total, (e) => [e.version]);
};
