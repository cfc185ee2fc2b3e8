import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice } from "../../html/api-error.tsx";
import { CsrfField } from "../../html/layout.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import type { Viewer } from "../../session/viewer.ts";
import { SECTION } from "./subscription-types.tsx";
import type { EventTypeEntry, Subscription } from "./subscription-types.tsx";

/** What the form holds: as typed, so that a refused one comes back as it was. */
export type SubscriptionDraft = {
  readonly subscriptionId: string;
  readonly url: string;
  readonly description: string;
  readonly eventTypes: readonly string[];
  readonly maxPerSecond: string;
  readonly transformAppId: string;
  readonly transformComponentId: string;
};

export const EMPTY_DRAFT: SubscriptionDraft = {
  subscriptionId: "",
  url: "",
  description: "",
  eventTypes: [],
  maxPerSecond: "",
  transformAppId: "",
  transformComponentId: "",
};

/** A subscription as its edit form starts. */
export const draftOf = (s: Subscription): SubscriptionDraft => ({
  subscriptionId: s.subscriptionId,
  url: s.url,
  description: s.description ?? "",
  eventTypes: s.eventTypes,
  maxPerSecond: s.maxPerSecond === null ? "" : String(s.maxPerSecond),
  transformAppId: s.transform?.appId ?? "",
  transformComponentId: s.transform?.componentId ?? "",
});

/** A posted form as a draft. */
export const draftFrom = (c: Context<PortalEnv>, subscriptionId: string): SubscriptionDraft => {
  const f = c.get("form");
  return {
    subscriptionId,
    url: f.text("url").trim(),
    description: f.text("description").trim(),
    eventTypes: f.list("eventTypes"),
    maxPerSecond: f.text("maxPerSecond").trim(),
    transformAppId: f.text("transformAppId").trim(),
    transformComponentId: f.text("transformComponentId").trim(),
  };
};

/**
 * The PUT body of a draft. A limit that is not a number goes to the API as typed, so that its message names the field;
 * a transform needs both its fields (one alone is sent as it is, and refused by the API's rule).
 */
export const putBody = (d: SubscriptionDraft) => ({
  url: d.url,
  eventTypes: d.eventTypes,
  description: d.description || null,
  maxPerSecond: d.maxPerSecond === "" ? null : /^\d+$/.test(d.maxPerSecond) ? Number(d.maxPerSecond) : d.maxPerSecond,
  transform:
    d.transformAppId === "" && d.transformComponentId === ""
      ? null
      : { appId: d.transformAppId, componentId: d.transformComponentId },
});

/** Every entry of the event catalog the viewer may read, page after page (about a hundred in all). */
export const loadCatalog = async (api: ApiClient, c: Context<PortalEnv>): Promise<ApiAnswer<EventTypeEntry[]>> => {
  const all: EventTypeEntry[] = [];
  let after = "";
  for (;;) {
    const page = await api.call<{ eventTypes: EventTypeEntry[]; lastCursor: string | null }>(
      c,
      "GET",
      `/resources/subscriptions/event-types?limit=100${after ? `&after=${encodeURIComponent(after)}` : ""}`,
    );
    if (page.status !== 200) return { ...page, body: [] };
    all.push(...page.body.eventTypes);
    if (page.body.eventTypes.length < 100 || !page.body.lastCursor) return { status: 200, body: all, etag: null };
    after = page.body.lastCursor;
  }
};

/** The catalog's types by the context that appends them, each a checkbox with its description. */
const EventTypeChoices = (props: { catalog: readonly EventTypeEntry[]; chosen: readonly string[] }) => {
  const contexts = [...new Set(props.catalog.map((e) => e.context))].sort();
  return (
    <div class="event-types">
      {contexts.map((context) => (
        <fieldset class="roles">
          <legend>{context}</legend>
          {props.catalog
            .filter((e) => e.context === context)
            .map((e) => (
              <label class="inline" title={e.description}>
                <input type="checkbox" name="eventTypes" value={e.type} checked={props.chosen.includes(e.type)} />{" "}
                <span class="mono">{e.type}</span>
              </label>
            ))}
        </fieldset>
      ))}
    </div>
  );
};

/**
 * The create and edit form: the id (only when new), the URL (checked by the service's outbound rule as it is typed,
 * where the script runs; the API checks it again when saved), the event types from the catalog, the description, the
 * limit and the transform. `version`: the edited subscription's, sent back as If-Match.
 */
export const SubscriptionForm = (props: {
  viewer: Viewer;
  draft: SubscriptionDraft;
  catalog: ApiAnswer<EventTypeEntry[]>;
  error?: ApiAnswer | undefined;
  version?: number;
}) => {
  const d = props.draft;
  const editing = props.version !== undefined;
  const action = editing ? `${SECTION}/${encodeURIComponent(d.subscriptionId)}/edit` : `${SECTION}/new`;
  return (
    <form method="post" action={action} class="card" aria-labelledby="form-heading">
      <h2 id="form-heading">Where it delivers, and what</h2>
      {props.error ? <ApiErrorNotice answer={props.error} /> : null}
      <CsrfField viewer={props.viewer} />
      {editing ? <input type="hidden" name="version" value={String(props.version)} /> : null}
      {editing ? null : (
        <>
          <label for="subscriptionId">Id</label>
          <input
            id="subscriptionId"
            name="subscriptionId"
            type="text"
            required
            maxlength={100}
            pattern="[A-Za-z0-9._~\-]+"
            value={d.subscriptionId}
            class="mono"
            aria-describedby="id-hint"
          />
          <p class="hint" id="id-hint">
            Letters, digits and <code>. _ ~ -</code>; it cannot change later.
          </p>
        </>
      )}
      <label for="url">URL</label>
      <input
        id="url"
        name="url"
        type="url"
        required
        maxlength={2000}
        value={d.url}
        class="mono"
        data-url-check={`${SECTION}/check-url`}
        aria-describedby="url-hint url-check"
      />
      <p class="hint" id="url-hint">
        https to a public address: the service refuses loopback, private and link-local addresses, and checks again at
        each delivery.
      </p>
      <p class="hint" id="url-check" role="status" aria-live="polite"></p>
      <label for="description">Description</label>
      <input id="description" name="description" type="text" maxlength={500} value={d.description} />
      <h3>Event types</h3>
      {props.catalog.status === 200 ? (
        <EventTypeChoices catalog={props.catalog.body} chosen={d.eventTypes} />
      ) : (
        <ApiErrorNotice answer={props.catalog} />
      )}
      <label for="maxPerSecond">At most this many deliveries a second (optional)</label>
      <input id="maxPerSecond" name="maxPerSecond" type="number" min={1} max={1000} step={1} value={d.maxPerSecond} />
      <fieldset class="roles">
        <legend>Transform (optional): an installed app's component that rewrites each delivery</legend>
        <label for="transformAppId">App</label>
        <input
          id="transformAppId"
          name="transformAppId"
          type="text"
          maxlength={100}
          class="mono"
          value={d.transformAppId}
        />
        <label for="transformComponentId">Component</label>
        <input
          id="transformComponentId"
          name="transformComponentId"
          type="text"
          maxlength={100}
          class="mono"
          value={d.transformComponentId}
        />
      </fieldset>
      <p class="hint">
        Its deliveries carry the rights of whoever saved it last, as they are at each delivery, within the scope of the
        session that saved it: saving makes that you.
      </p>
      <div>
        <button type="submit">{editing ? "Save" : "Create subscription"}</button>
      </div>
    </form>
  );
};
