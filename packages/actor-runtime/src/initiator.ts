import type { CommandContext, EventMetadata } from "@platform/kernel";

/** Who is acting and why (the initiator; an actor is an aggregate here); becomes the CommandContext and the events' metadata. */
export type Initiator = {
  readonly principalId?: string | undefined;
  readonly clientId?: string | undefined;
  readonly sessionId?: string | undefined;
  readonly requestId?: string | undefined;
  readonly correlationId?: string | undefined;
  readonly causationId?: string | undefined;
  /** An app's component acting (ctx): which app, component and ingress. */
  readonly appId?: string | undefined;
  readonly componentId?: string | undefined;
  readonly ingressId?: string | undefined;
};

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
