import * as v from "valibot";

/** A subscription's id: its name in the path, as a job queue's (letters, digits and . _ ~ -). */
export const SubscriptionId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9._~-]{1,100}$/, "must be 1 to 100 of A-Z a-z 0-9 . _ ~ -"),
);

/** A log position as deliveries show it (`eventPosition`, the payload's `position`). */
export const Position = v.pipe(
  v.string(),
  v.regex(/^\d{20}:\d{20}$/, "must be a position as deliveries show it (digits:digits)"),
  v.description("A position of the log, as a delivery's `position` shows it"),
);

/** The body of PUT /resources/subscriptions/{id}; the fields a GET answer adds are ignored. */
export const SubscriptionBody = v.object({
  subscriptionId: v.optional(v.string()),
  url: v.pipe(
    v.string(),
    v.maxLength(2000),
    v.description(
      "https to a public address: http, loopback, private and link-local addresses are refused " +
        "(400), and checked again at delivery",
    ),
  ),
  eventTypes: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(200))),
    v.minLength(1, "must name at least one event type"),
    v.maxLength(200),
    v.description("The event types it delivers (as schemas/events/ names them)"),
  ),
  description: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500)))),
  maxPerSecond: v.optional(
    v.nullable(
      v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(1000),
        v.description("At most this many deliveries start in any second, retries included (absent or null: no limit)"),
      ),
    ),
  ),
  transform: v.optional(
    v.nullable(
      v.pipe(
        v.strictObject({
          appId: v.pipe(v.string(), v.maxLength(100)),
          componentId: v.pipe(v.string(), v.maxLength(100)),
        }),
        v.description(
          "A component of an installed app that rewrites each delivery: it runs in the sandbox with the parameter " +
            "`event` (the body that would be delivered), and what it returns is delivered and signed instead",
        ),
      ),
    ),
  ),
});

/** The body of POST /resources/subscriptions/{id}/replay. */
export const ReplayBody = v.strictObject({ fromPosition: Position });
