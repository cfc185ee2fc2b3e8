/** Who wrote a subscription last: its deliveries carry at most this identity's rights, as they are at delivery. */
export type Maker = {
  readonly principalId?: string;
  readonly clientId?: string;
  /** Its access attributes when it wrote (a restricted maker's deliveries stay within them). */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  /**
   * The scope of the token it wrote with (null: a token without a scope). Deliveries read only
   * what that token could: a token scoped to subscriptions alone must not read principals
   * through a webhook. Absent on subscriptions written before it was recorded.
   */
  readonly scope?: readonly string[] | null;
};

/** An installed app's component that rewrites each delivery's body before it is signed. */
export type Transform = { readonly appId: string; readonly componentId: string };

/** What a PUT sets. `maxPerSecond` and `transform` are absent from events written before they existed (null). */
export type SubscriptionSpec = {
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly description: string | null;
  /** At most this many deliveries start in any second (null: as fast as the receiver answers). */
  readonly maxPerSecond?: number | null;
  readonly transform?: Transform | null;
};

export type SubscriptionEvent =
  /**
   * `secret` signs the deliveries (`whsec_` + base64); a personal field, so it is stored sealed. `startAfter`:
   * deliveries begin after this log position.
   */
  | {
      readonly type: "SubscriptionCreated";
      readonly data: SubscriptionSpec & {
        readonly subscriptionId: string;
        readonly maker: Maker;
        readonly secret: string;
      };
    }
  | { readonly type: "SubscriptionChanged"; readonly data: SubscriptionSpec & { readonly maker: Maker } }
  | { readonly type: "SubscriptionPaused"; readonly data: { readonly at: string } }
  /** Paused or failing → active: delivery goes on from where it stopped. */
  | { readonly type: "SubscriptionResumed"; readonly data: { readonly at: string } }
  /** An event was refused for longer than the retries last: delivery stops at it until resumed. */
  | {
      readonly type: "SubscriptionFailing";
      readonly data: { readonly at: string; readonly eventPosition: string; readonly error: string };
    }
  /**
   * A new signing secret (sealed, like the first); the one it replaces still signs beside it until `previousUntil`,
   * so that receivers move to the new one without a delivery they cannot verify.
   */
  | {
      readonly type: "SubscriptionSecretRotated";
      readonly data: { readonly at: string; readonly secret: string; readonly previousUntil: string };
    }
  /** Delivery goes back to `fromPosition` (inclusive). */
  | { readonly type: "SubscriptionReplayed"; readonly data: { readonly at: string; readonly fromPosition: string } }
  | { readonly type: "SubscriptionDeleted"; readonly data: { readonly subscriptionId: string } };

export const subscriptionEventTypes: readonly SubscriptionEvent["type"][] = [
  "SubscriptionCreated",
  "SubscriptionChanged",
  "SubscriptionPaused",
  "SubscriptionResumed",
  "SubscriptionFailing",
  "SubscriptionReplayed",
  "SubscriptionSecretRotated",
  "SubscriptionDeleted",
];
