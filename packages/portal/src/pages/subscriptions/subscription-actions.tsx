import { CsrfField } from "../../html/layout.tsx";
import type { Viewer } from "../../session/viewer.ts";
import { subscriptionHref } from "./subscription-types.tsx";
import type { Subscription } from "./subscription-types.tsx";

/** What a redirect after an action may say (`?done=`): fixed texts, never text from the URL. */
export const DONE = {
  paused: "Paused: nothing is delivered until it is resumed; it keeps its place.",
  resumed: "Resumed: delivery goes on from where it stopped.",
  replayed: "Replaying: the events from that position on are delivered again, each stream's in order.",
  changed: "Saved: deliveries from now on follow the change.",
  tested: "A test event (subscription.test) is on its way: its attempt shows among the deliveries below.",
} as const satisfies Readonly<Record<string, string>>;

/**
 * Pause for an active subscription; Resume for a paused or failing one (a failing one starts again at the event it
 * stopped at).
 */
export const PauseOrResume = (props: { viewer: Viewer; subscription: Subscription }) => {
  const s = props.subscription;
  const href = subscriptionHref(s.subscriptionId);
  return s.status === "active" ? (
    <form
      method="post"
      action={`${href}/pause`}
      data-confirm={`Pause subscription ${s.subscriptionId}? Nothing is delivered until it is resumed.`}
    >
      <CsrfField viewer={props.viewer} />
      <button type="submit" class="secondary">
        Pause
      </button>
    </form>
  ) : (
    <form method="post" action={`${href}/resume`}>
      <CsrfField viewer={props.viewer} />
      <button type="submit">Resume</button>
    </form>
  );
};

/** Edit, send a test event, rotate the secret (after a confirmation: the new one is shown once). */
export const WriteActions = (props: { viewer: Viewer; subscription: Subscription }) => {
  const href = subscriptionHref(props.subscription.subscriptionId);
  return (
    <>
      <a href={`${href}/edit`} class="button secondary">
        Edit
      </a>
      <form method="post" action={`${href}/test`}>
        <CsrfField viewer={props.viewer} />
        <button type="submit" class="secondary">
          Send a test event
        </button>
      </form>
      <form
        method="post"
        action={`${href}/rotate-secret`}
        data-confirm="Make a new signing secret? The old one still signs beside it for 24 hours, then ends."
      >
        <CsrfField viewer={props.viewer} />
        <button type="submit" class="secondary">
          Rotate secret
        </button>
      </form>
    </>
  );
};

/**
 * Delivers again from a log position, inclusive. The browser checks only that a position is
 * given, not its form: the API's rule decides, and the page shows its message for a position
 * it refuses, the same with or without the script.
 */
export const ReplayForm = (props: { viewer: Viewer; subscription: Subscription; value?: string | undefined }) => (
  <form
    method="post"
    action={`${subscriptionHref(props.subscription.subscriptionId)}/replay`}
    class="card"
    data-confirm="Deliver every event from this position on again?"
    aria-labelledby="replay-heading"
  >
    <h2 id="replay-heading">Replay</h2>
    <CsrfField viewer={props.viewer} />
    <label for="fromPosition">From position</label>
    <input
      id="fromPosition"
      name="fromPosition"
      type="text"
      required
      maxlength={41}
      class="mono"
      value={props.value ?? ""}
      autocomplete="off"
      spellcheck={false}
      aria-describedby="fromPosition-hint"
    />
    <p class="hint" id="fromPosition-hint">
      A log position as the deliveries show it: 20 digits, a colon, 20 digits (
      <code>00000000000000000042:00000000000000000007</code>). That event and every later one of its types is delivered
      again, each stream's in order.
    </p>
    <div class="actions">
      <button type="submit" class="secondary">
        Replay
      </button>
    </div>
  </form>
);
