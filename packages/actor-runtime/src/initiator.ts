import type { CommandContext, EventMetadata } from "@platform/kernel";

export type { Initiator } from "@platform/kernel";

/** The metadata stored with the events a command decided in `ctx` records. */
export const metadataOf = (ctx: CommandContext): EventMetadata => ({
  at: ctx.now.toISOString(),
  ...(ctx.principalId ? { principalId: ctx.principalId } : {}),
  ...(ctx.clientId ? { clientId: ctx.clientId } : {}),
  ...(ctx.sessionId ? { sessionId: ctx.sessionId } : {}),
  ...(ctx.requestId ? { requestId: ctx.requestId } : {}),
  ...(ctx.correlationId ? { correlationId: ctx.correlationId } : {}),
  ...(ctx.causationId ? { causationId: ctx.causationId } : {}),
  ...(ctx.appId ? { appId: ctx.appId } : {}),
  ...(ctx.componentId ? { componentId: ctx.componentId } : {}),
  ...(ctx.ingressId ? { ingressId: ctx.ingressId } : {}),
});
