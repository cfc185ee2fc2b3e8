import type { RecordedEvent, Upcaster } from "./types.ts";

/** Builds a function that lifts an event through every upcaster from its stored schema version. */
export const createUpcasterChain = (upcasters: readonly Upcaster[]) => {
  const byKey = new Map(upcasters.map((u) => [`${u.type}@${u.fromVersion}`, u]));
  if (byKey.size === 0) return (e: RecordedEvent) => e;
  return (event: RecordedEvent): RecordedEvent => {
    let current = event;
    for (
      let u = byKey.get(`${current.type}@${current.schemaVersion}`);
      u;
      u = byKey.get(`${current.type}@${current.schemaVersion}`)
    ) {
      current = { ...current, data: u.upcast(current.data), schemaVersion: current.schemaVersion + 1 };
    }
    return current;
  };
};
