import { naturalKeyValues } from "@platform/actor-runtime";
import type { AnyActorDefinition } from "@platform/actor-runtime";
import type { Platform } from "@platform/host";
import type { Args } from "../args.ts";
import type { Output } from "../output.ts";

type Fold = { def: AnyActorDefinition; state: unknown; version: number; broken: boolean };

/** `<type>-<uuid>` → type, for naming streams of types this process does not register. */
const uuidStreamType = (streamId: string) =>
  streamId.length > 37 && streamId[streamId.length - 37] === "-" ? streamId.slice(0, -37) : undefined;

/**
 * `<type>-<id>` → the registered type (the longest that prefixes it). Ids are not always
 * UUIDs: roles are keyed by their key, clients by their client id.
 */
const typeOf = (streamId: string, types: readonly string[]): { type: string | undefined; registered: boolean } => {
  let best: string | undefined;
  for (const t of types)
    if (streamId.length > t.length + 1 && streamId.startsWith(`${t}-`) && (!best || t.length > best.length)) best = t;
  return best ? { type: best, registered: true } : { type: uuidStreamType(streamId), registered: false };
};

/**
 * `verify`: reads the whole log once and folds every actor stream with its type's `evolve`,
 * checking that versions run 1, 2, 3… without gaps, that no event breaks the fold, and that
 * each natural key of the final state is reserved for that stream. Exit 1 on any failure.
 */
export const verifyCommand = async (platform: Platform, _args: Args, io: Output): Promise<number> => {
  const folds = new Map<string, Fold>();
  const unknownTypes = new Map<string, number>();
  let failures = 0;
  let events = 0;
  const fail = (streamId: string, message: string) => {
    failures++;
    io.err(`FAIL ${streamId}: ${message}`);
  };
  const types = platform.runtime.types();
  for (let after: string | null = null; ; ) {
    const page = await platform.store.readAll({ after, limit: 2000 });
    if (page.length === 0) break;
    after = page.at(-1)!.position;
    for (const e of page) {
      events++;
      const { type, registered } = typeOf(e.streamId, types);
      if (!type || !registered) {
        unknownTypes.set(type ?? "(unparseable)", (unknownTypes.get(type ?? "(unparseable)") ?? 0) + 1);
        continue;
      }
      let f = folds.get(e.streamId);
      if (!f) {
        const def = platform.runtime.definition(type);
        f = { def, state: def.decider.initialState(), version: 0, broken: false };
        folds.set(e.streamId, f);
      }
      if (f.broken) continue;
      if (e.version !== f.version + 1) {
        fail(e.streamId, `version ${e.version} follows ${f.version}`);
        f.broken = true;
        continue;
      }
      try {
        f.state = f.def.decider.evolve(f.state, { type: e.type, data: e.data });
        f.version = e.version;
      } catch (error) {
        fail(
          e.streamId,
          `evolve threw at version ${e.version} (${e.type}): ${error instanceof Error ? error.message : String(error)}`,
        );
        f.broken = true;
      }
    }
  }
  for (const [streamId, f] of folds) {
    if (f.broken) continue;
    for (const { name, value } of naturalKeyValues(f.def, f.state)) {
      const holder = await platform.store.lookupKey(`${f.def.type}:${name}`, value);
      if (holder !== streamId)
        fail(streamId, `${name} '${value}' is ${holder ? `reserved for ${holder}` : "not reserved"}`);
    }
  }
  for (const [type, n] of unknownTypes)
    io.err(`WARN ${n} events in streams of unregistered type '${type}' were not folded`);
  io.out(`verified ${folds.size} streams, ${events} events: ${failures === 0 ? "OK" : `${failures} failures`}`);
  return failures === 0 ? 0 : 1;
};
