import type { AnyPort, BoundedContext } from "@platform/host";

/** One context of the service and, restated where the wiring is read, the ports it declares. */
export type WiringEntry = {
  readonly context: BoundedContext;
  /** Read with get: the context does not work without them. */
  readonly requires?: readonly AnyPort[];
  /** Read with find: the context works without them. */
  readonly uses?: readonly AnyPort[];
  readonly provides?: readonly AnyPort[];
  /**
   * Ports of `requires` or `uses` that a later entry provides: the context reads them only after every
   * setup (when a request, a job or an install needs them), never in its own setup.
   */
  readonly late?: readonly AnyPort[];
};

const names = (list: readonly AnyPort[] = []) => list.map((p) => p.description).join(", ");

const sameSet = (a: readonly AnyPort[] = [], b: readonly AnyPort[] = []) =>
  a.length === b.length && new Set(a).size === a.length && a.every((p) => b.includes(p));

/**
 * Checks the service's wiring and answers the contexts it boots, in its order: each entry states exactly
 * what its context declares, and every port an entry requires or uses is provided by an earlier entry, but
 * for those listed as `late`, which a later entry provides.
 */
export const wire = (entries: readonly WiringEntry[]): readonly BoundedContext[] => {
  entries.forEach((entry, at) => {
    const { context } = entry;
    for (const kind of ["requires", "uses", "provides"] as const)
      if (!sameSet(entry[kind], context[kind]))
        throw new Error(
          `Wiring of "${context.name}": it ${kind} [${names(entry[kind])}], ` +
            `but the context declares [${names(context[kind])}]`,
        );
    const late = entry.late ?? [];
    const needs = [...(entry.requires ?? []), ...(entry.uses ?? [])];
    for (const port of late)
      if (!needs.includes(port))
        throw new Error(`Wiring of "${context.name}": late port "${port.description}" is none it requires or uses`);
    for (const port of needs) {
      const earlier = entries.slice(0, at).some((e) => e.provides?.includes(port));
      const later = entries.slice(at + 1).find((e) => e.provides?.includes(port));
      if (late.includes(port) ? !later || earlier : !earlier)
        throw new Error(
          `Wiring of "${context.name}": port "${port.description}" ` +
            (late.includes(port)
              ? earlier
                ? "is provided earlier, so it is not late"
                : "is listed as late, but no later entry provides it"
              : later
                ? `is provided only later (by "${later.context.name}"): list it in late if it is read after setup`
                : "is provided by no entry"),
        );
    }
  });
  return entries.map((e) => e.context);
};
