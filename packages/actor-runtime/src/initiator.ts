import { currentTraceId } from "@platform/kernel";
import type { CommandContext, EventMetadata, Initiator } from "@platform/kernel";

export type { Initiator } from "@platform/kernel";

/** The initiator's fields, in the order the events' metadata stores them. */
const INITIATOR_KEYS = [
  "principalId",
  "clientId",
  "sessionId",
  "requestId",
  "correlationId",
  "causationId",
  "appId",
  "componentId",
  "ingressId",
] as const satisfies readonly (keyof Initiator)[];

/**
 * The metadata stored with the events a command decided in `ctx` records: its time, the initiator's fields that are set
 * and the active trace.
 */
export const metadataOf = (ctx: CommandContext): EventMetadata => {
  const metadata: Record<string, string> = { at: ctx.now.toISOString() };
  for (const key of INITIATOR_KEYS) {
    const value = ctx[key];
    if (value) metadata[key] = value;
  }
  const traceId = currentTraceId();
  if (traceId) metadata.traceId = traceId;
  return metadata as EventMetadata;
};
