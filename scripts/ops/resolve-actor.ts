import type { Platform } from "@platform/host";
import { UsageError } from "./args.ts";

/** The UUID of an actor named by UUID or natural key; UsageError when the type or actor is unknown. */
export const resolveActor = async (platform: Platform, type: string, idOrKey: string): Promise<string> => {
  if (!platform.runtime.has(type))
    throw new UsageError(`unknown actor type '${type}' (known: ${platform.runtime.types().join(", ")})`);
  const resolved = await platform.runtime.resolve(type, idOrKey);
  if (!resolved || resolved.virtual) throw new UsageError(`no ${type} '${idOrKey}'`);
  return resolved.id;
};
