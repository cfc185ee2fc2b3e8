import { Hono } from "hono";
import type { Context } from "hono";
import { outboundUrlProblem } from "@platform/outbound";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { pageStatus } from "../../html/api-error.tsx";
import { Notice, Page, ShownOnce } from "../../html/layout.tsx";
import { render } from "../../html/render.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { EMPTY_DRAFT, SubscriptionForm, draftFrom, draftOf, loadCatalog, putBody } from "./subscription-form.tsx";
import type { SubscriptionDraft } from "./subscription-form.tsx";
import { SECTION, subscriptionApiPath, subscriptionHref } from "./subscription-types.tsx";
import type { Subscription } from "./subscription-types.tsx";

type Created = Subscription & { secret: string };

/** A refusal the portal makes itself, in the API's shape. */
const refusal = (status: number, code: string, message: string): ApiAnswer => ({
  status,
  etag: null,
  body: { error: { code, message } },
});

/**
 * Creating and changing subscriptions (`/portal/subscriptions/new`, `…/{id}/edit`) through the API's PUT: the secret
 * of a new one is shown once on the page that answers its creation, as a client's. `…/check-url` answers the outbound
 * rule for a URL as it is typed (the same rule the API applies when it is saved).
 */
export const subscriptionWriteRoutes = (api: ApiClient, allowPrivate: boolean) => {
  const app = new Hono<PortalEnv>();

  const formPage = async (
    c: Context<PortalEnv>,
    draft: SubscriptionDraft,
    opts: { error?: ApiAnswer; version?: number } = {},
  ) => {
    const viewer = c.get("viewer");
    const catalog = await loadCatalog(api, c);
    const editing = opts.version !== undefined;
    const mayWrite = viewer.can("subscriptions", "write");
    return render(
      c,
      <Page
        title={editing ? `Change subscription ${draft.subscriptionId}` : "New subscription"}
        viewer={viewer}
        section={SECTION}
      >
        {mayWrite ? (
          <SubscriptionForm
            viewer={viewer}
            draft={draft}
            catalog={catalog}
            error={opts.error}
            {...(editing ? { version: opts.version } : {})}
          />
        ) : (
          <Notice kind="error">Creating and changing subscriptions needs subscriptions:write.</Notice>
        )}
        <p>
          <a href={editing ? subscriptionHref(draft.subscriptionId) : SECTION}>Back</a>
        </p>
      </Page>,
      mayWrite ? pageStatus(opts.error) : 403,
    );
  };

  app.get(`${SECTION}/new`, (c) => formPage(c, EMPTY_DRAFT));

  app.post(`${SECTION}/new`, async (c) => {
    const draft = draftFrom(c, c.get("form").text("subscriptionId").trim());
    if (!/^[A-Za-z0-9._~-]{1,100}$/.test(draft.subscriptionId))
      return formPage(c, draft, {
        error: refusal(400, "VALIDATION_FAILED", "The id may hold letters, digits and . _ ~ - only (at most 100)"),
      });
    // If-Match on version 0: a subscription that exists already is refused (409), never overwritten.
    const created = await api.call<Created>(c, "PUT", subscriptionApiPath(draft.subscriptionId), {
      body: putBody(draft),
      ifMatch: '"v0"',
    });
    if (created.status === 409)
      return formPage(c, draft, {
        error: refusal(409, "CONFLICT", `A subscription with the id ${draft.subscriptionId} exists already`),
      });
    if (created.status !== 201) return formPage(c, draft, { error: created });
    return render(
      c,
      <Page title={`Created subscription ${draft.subscriptionId}`} viewer={c.get("viewer")} section={SECTION}>
        <ShownOnce id="subscription-secret" label="Signing secret" value={created.body.secret} />
        <p>
          Give it to the receiver: it verifies each delivery's <code>webhook-signature</code> with it.
        </p>
        <p>
          <a href={subscriptionHref(draft.subscriptionId)}>Go to {draft.subscriptionId}</a>
        </p>
      </Page>,
    );
  });

  app.get(`${SECTION}/:id/edit`, async (c) => {
    const got = await api.call<Subscription>(c, "GET", subscriptionApiPath(c.req.param("id")));
    if (got.status !== 200) return c.redirect(subscriptionHref(c.req.param("id")), 303);
    return formPage(c, draftOf(got.body), { version: got.body.version });
  });

  app.post(`${SECTION}/:id/edit`, async (c) => {
    const id = c.req.param("id");
    const draft = draftFrom(c, id);
    const version = Number(c.get("form").text("version"));
    const saved = await api.call<Subscription>(c, "PUT", subscriptionApiPath(id), {
      body: putBody(draft),
      ifMatch: `"v${Number.isInteger(version) ? version : 0}"`,
    });
    if (saved.status === 200) return c.redirect(`${subscriptionHref(id)}?done=changed`, 303);
    const error =
      saved.status === 409
        ? refusal(409, "CONFLICT", "Someone changed this subscription meanwhile: this form shows it as it is now")
        : saved;
    if (saved.status === 409) {
      const now = await api.call<Subscription>(c, "GET", subscriptionApiPath(id));
      if (now.status === 200) return formPage(c, draftOf(now.body), { error, version: now.body.version });
    }
    return formPage(c, draft, { error, version: Number.isInteger(version) ? version : 0 });
  });

  // The outbound rule for a typed URL (the form's script asks as the URL is typed): `{problem}`, null when it passes.
  app.post(`${SECTION}/check-url`, (c) => {
    const url = c.get("form").text("url").trim();
    return c.json({ problem: url === "" ? null : (outboundUrlProblem(url, allowPrivate) ?? null) });
  });

  return app;
};
