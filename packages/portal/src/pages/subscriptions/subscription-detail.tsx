import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { Notice, Page, ShownOnce } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { DeliveriesTable, RECENT_DELIVERIES } from "./deliveries-table.tsx";
import type { DeliveriesAnswer } from "./deliveries-table.tsx";
import { DONE, PauseOrResume, ReplayForm, WriteActions } from "./subscription-actions.tsx";
import { PositionText, SECTION, StatusBadge, subscriptionApiPath, subscriptionHref } from "./subscription-types.tsx";
import type { Subscription } from "./subscription-types.tsx";

type Extras = {
  readonly done?: string | undefined;
  readonly error?: ApiAnswer;
  readonly fromPosition?: string;
  /** A secret just made by a rotation, shown this once. */
  readonly secret?: string;
};

/**
 * `/portal/subscriptions/{id}`: one subscription, where it failed while failing, its recent
 * delivery attempts; pause, resume and replay for who may write.
 */
export const subscriptionDetailRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  const page = async (c: Context<PortalEnv>, id: string, extras: Extras = {}) => {
    const viewer = c.get("viewer");
    const path = subscriptionApiPath(id);
    const [got, deliveries] = await Promise.all([
      api.call<Subscription>(c, "GET", path),
      api.call<DeliveriesAnswer["body"]>(c, "GET", `${path}/deliveries?limit=${RECENT_DELIVERIES}`),
    ]);
    if (got.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={SECTION}
          what="Subscription"
          answer={got}
          back={SECTION}
          backLabel="Back to subscriptions"
        />,
        pageStatus(got),
      );
    const s = got.body;
    const canWrite = viewer.can("subscriptions", "write");
    const done = extras.done && Object.hasOwn(DONE, extras.done) ? DONE[extras.done as keyof typeof DONE] : undefined;
    return render(
      c,
      <Page title={`Subscription ${s.subscriptionId}`} viewer={viewer} section={SECTION}>
        {done ? <Notice kind="success">{done}</Notice> : null}
        {extras.secret ? (
          <>
            <ShownOnce id="subscription-secret" label="New signing secret" value={extras.secret} />
            <p>The old secret signs beside it for 24 hours: move the receiver to this one within the day.</p>
          </>
        ) : null}
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        <section class="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Details</h2>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={s.status} />
            </dd>
            <dt>URL</dt>
            <dd class="mono">{s.url}</dd>
            <dt>Event types</dt>
            <dd>{s.eventTypes.join(", ")}</dd>
            <dt>Description</dt>
            <dd>{s.description ?? "—"}</dd>
            <dt>At most</dt>
            <dd>{s.maxPerSecond === null ? "no limit" : `${s.maxPerSecond} deliveries a second`}</dd>
            <dt>Transform</dt>
            <dd class="mono">{s.transform ? `${s.transform.appId}/${s.transform.componentId}` : "—"}</dd>
            {s.failure ? (
              <>
                <dt>Stopped at</dt>
                <dd class="mono">{s.failure.eventPosition}</dd>
                <dt>Last answer</dt>
                <dd class="mono">{s.failure.error}</dd>
                <dt>Failing since</dt>
                <dd>{when(s.failure.at)}</dd>
              </>
            ) : null}
            <dt>Position</dt>
            <dd>
              <PositionText position={s.position} />
            </dd>
            <dt>Created</dt>
            <dd>{when(s.createdAt)}</dd>
            <dt>Last change</dt>
            <dd>{when(s.updatedAt)}</dd>
          </dl>
          {s.status === "failing" ? (
            <p>Its receiver refused an event until the retries gave up. Resume delivers from that event on.</p>
          ) : null}
          {canWrite ? (
            <div class="actions">
              <PauseOrResume viewer={viewer} subscription={s} />
              <WriteActions viewer={viewer} subscription={s} />
            </div>
          ) : null}
        </section>
        {canWrite ? <ReplayForm viewer={viewer} subscription={s} value={extras.fromPosition} /> : null}
        <DeliveriesTable answer={deliveries} />
        <p>
          <a href={SECTION}>Back to subscriptions</a>
        </p>
      </Page>,
      pageStatus(extras.error),
    );
  };

  app.get(`${SECTION}/:id`, (c) => page(c, c.req.param("id"), { done: c.req.query("done") }));

  /**
   * Pause, resume or replay through the API's POST of that name; a refusal (403, 404, a position it will not take) is
   * shown as its message on the page.
   */
  const act = (action: "pause" | "resume" | "replay", done: keyof typeof DONE) => async (c: Context<PortalEnv>) => {
    const id = c.req.param("id") ?? "";
    const fromPosition = action === "replay" ? c.get("form").text("fromPosition").trim() : undefined;
    const answer = await api.call<Subscription>(
      c,
      "POST",
      `${subscriptionApiPath(id)}/${action}`,
      fromPosition === undefined ? {} : { body: { fromPosition } },
    );
    if (answer.status !== 200)
      return page(c, id, { error: answer, ...(fromPosition === undefined ? {} : { fromPosition }) });
    return c.redirect(`${subscriptionHref(id)}?done=${done}`, 303);
  };
  app.post(`${SECTION}/:id/pause`, act("pause", "paused"));
  app.post(`${SECTION}/:id/resume`, act("resume", "resumed"));
  app.post(`${SECTION}/:id/replay`, act("replay", "replayed"));

  app.post(`${SECTION}/:id/test`, async (c) => {
    const id = c.req.param("id");
    const answer = await api.call(c, "POST", `${subscriptionApiPath(id)}/test`, {});
    if (answer.status !== 202) return page(c, id, { error: answer });
    return c.redirect(`${subscriptionHref(id)}?done=tested`, 303);
  });

  // The new secret is on this answer's page only: no redirect, so it is never in a URL or a later page.
  app.post(`${SECTION}/:id/rotate-secret`, async (c) => {
    const id = c.req.param("id");
    const answer = await api.call<{ secret: string }>(c, "POST", `${subscriptionApiPath(id)}/rotate-secret`, {});
    if (answer.status !== 200) return page(c, id, { error: answer });
    return page(c, id, { secret: answer.body.secret });
  });

  return app;
};
