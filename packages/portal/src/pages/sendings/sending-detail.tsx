import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, DoneNotice, pageStatus } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { CsrfField, Notice, Page } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { SENDINGS_SECTION } from "./sending-list.tsx";
import { ERASED, MAX_RETRIES, StatusBadge, subjectOf, transportLabel } from "./sending-types.tsx";
import type { Sending } from "./sending-types.tsx";

/** `/portal/sendings/{id}`: one sending with its transport, retries and error; cancel while pending. */
export const sendingDetailRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  const page = async (c: Context<PortalEnv>, id: string, extras: { done?: string; error?: ApiAnswer } = {}) => {
    const viewer = c.get("viewer");
    const got = await api.call<Sending>(c, "GET", `/resources/sendings/${encodeURIComponent(id)}`);
    if (got.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={SENDINGS_SECTION}
          what="Sending"
          answer={got}
          back="/portal/sendings"
          backLabel="Back to sendings"
        />,
        pageStatus(got),
      );
    const s = got.body;
    // An SMS has no subject, and a push's is the title its browser shows; copies (cc, bcc) are email's alone.
    const subjectLabel = s.transport === "sms" ? undefined : s.transport === "push" ? "Title" : "Subject";
    return render(
      c,
      <Page
        title={s.recipient === null ? "Sending to an erased recipient" : `Sending to ${s.recipient}`}
        viewer={viewer}
        section={SENDINGS_SECTION}
      >
        <DoneNotice done={extras.done} />
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        {s.errorMessage ? (
          <Notice kind="error">
            <strong>Delivery failed: </strong>
            {s.errorMessage}
          </Notice>
        ) : null}
        <section class="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Details</h2>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={s.status} />
            </dd>
            <dt>Transport</dt>
            <dd>{transportLabel(s.transport)}</dd>
            {subjectLabel ? (
              <>
                <dt>{subjectLabel}</dt>
                <dd>{subjectOf(s)}</dd>
              </>
            ) : null}
            <dt>Recipient</dt>
            <dd>{s.recipient ?? ERASED}</dd>
            {s.transport === "email" ? (
              <>
                <dt>Cc</dt>
                <dd>
                  {s.data.cc ?? ERASED}
                  {s.data.cc === "" ? "—" : ""}
                </dd>
                <dt>Bcc</dt>
                <dd>
                  {s.data.bcc ?? ERASED}
                  {s.data.bcc === "" ? "—" : ""}
                </dd>
              </>
            ) : null}
            <dt>Category</dt>
            <dd>
              <span class="badge">{s.category}</span>
            </dd>
            <dt>Retries</dt>
            <dd>{`${s.retryCount} of ${MAX_RETRIES}`}</dd>
            <dt>Next attempt</dt>
            <dd>{s.status === "pending" ? when(s.nextAttemptAt) : "—"}</dd>
            <dt>Created</dt>
            <dd>{when(s.createdAt)}</dd>
            <dt>Sent</dt>
            <dd>{when(s.sentAt)}</dd>
            <dt>Last change</dt>
            <dd>{when(s.updatedAt)}</dd>
          </dl>
          <div class="actions">
            {s.status === "pending" && viewer.can("sendings", "write") ? (
              <form
                method="post"
                action={`/portal/sendings/${s.sendingId}/cancel`}
                data-confirm={`Cancel the sending to ${s.recipient}? It will not be delivered.`}
              >
                <CsrfField viewer={viewer} />
                <button type="submit" class="danger">
                  Cancel sending
                </button>
              </form>
            ) : null}
            {viewer.can("actors/sending", "read") ? (
              <a class="button secondary" href={`/portal/actors/sending/${s.sendingId}`}>
                Journal
              </a>
            ) : null}
          </div>
        </section>
        <section class="card" aria-labelledby="dynamic-heading">
          <h2 id="dynamic-heading">Dynamic data</h2>
          <pre class="json" tabindex={0} aria-labelledby="dynamic-heading">
            {s.dynamic === null ? "(erased)" : JSON.stringify(s.dynamic, null, 2)}
          </pre>
        </section>
        <p>
          <a href="/portal/sendings">Back to sendings</a>
        </p>
      </Page>,
      pageStatus(extras.error),
    );
  };

  app.get("/portal/sendings/:id", (c) => page(c, c.req.param("id"), { done: c.req.query("done") }));

  app.post("/portal/sendings/:id/cancel", async (c) => {
    const id = c.req.param("id");
    const answer = await api.call(c, "DELETE", `/resources/sendings/${encodeURIComponent(id)}`);
    if (answer.status !== 204) return page(c, id, { error: answer });
    return c.redirect(`/portal/sendings/${encodeURIComponent(id)}?done=cancelled`, 303);
  });

  return app;
};
