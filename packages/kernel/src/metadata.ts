/**
 * Who acted and why (the initiator of a command): the identity, its session, the request and
 * causal chain, and the app's component when one acted. Carried by every command into
 * `decide` and stored with every event it produces.
 */
export type Initiator = {
  readonly principalId?: string;
  readonly clientId?: string;
  readonly sessionId?: string;
  readonly requestId?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  /** Set when an app's component acted: the app, its component and the ingress it ran behind. */
  readonly appId?: string;
  readonly componentId?: string;
  readonly ingressId?: string;
};

/**
 * Metadata stored with every event: when, its initiator, and the OpenTelemetry
 * trace it was appended in (when tracing is on), so an operator goes from an event to its trace.
 */
export type EventMetadata = { readonly at: string; readonly traceId?: string } & Initiator;
