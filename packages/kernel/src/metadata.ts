/** Metadata stored with every event (DESIGN.md): when, who, which session, request and causal chain. */
export type EventMetadata = {
  readonly at: string;
  readonly principalId?: string;
  readonly clientId?: string;
  readonly sessionId?: string;
  readonly requestId?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  /** Set when an app's component caused the event: the app, its component and the ingress it ran behind. */
  readonly appId?: string;
  readonly componentId?: string;
  readonly ingressId?: string;
};
