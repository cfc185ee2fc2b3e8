import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, DoneNotice, pageStatus, refusal } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { CsrfField, Notice, Page, ShownOnce } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import type { PortalEnv, Viewer } from "../../session/viewer.ts";
import { SessionsTable } from "../sessions-table.tsx";
import type { Session } from "../sessions-table.tsx";
import type { Principal } from "./principal-types.ts";
import { RoleChoices, loadRoles } from "./role-choices.tsx";

const SECTION = "/portal/principals";

/** What a role's key may hold (namespace:capability; the API checks the rest). */
const ROLE_KEY = /^[\w.:-]{1,100}$/;
const NOT_A_ROLE: ApiAnswer = {
  status: 400,
  etag: null,
  body: { error: { code: "VALIDATION_FAILED", message: "A chosen role is not one the form offered." } },
};

type Extras = {
  readonly done?: string;
  readonly error?: ApiAnswer;
  readonly conflict?: boolean;
  readonly temporaryPassword?: string;
};

/** One POST button (with its CSRF token and the version it acts on). */
const Action = (props: {
  viewer: Viewer;
  action: string;
  etag?: string;
  label: string;
  confirm?: string;
  danger?: boolean;
}) => (
  <form method="post" action={props.action} data-confirm={props.confirm}>
    <CsrfField viewer={props.viewer} />
    {props.etag ? <input type="hidden" name="etag" value={props.etag} /> : null}
    <button type="submit" class={props.danger ? "danger" : "secondary"}>
      {props.label}
    </button>
  </form>
);

/** `/portal/principals/{id}`: edit, roles, suspend/reactivate, password reset, sessions. */
export const principalDetailRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  const page = async (c: Context<PortalEnv>, id: string, extras: Extras = {}) => {
    const viewer = c.get("viewer");
    const got = await api.call<Principal>(c, "GET", `/resources/iam/principals/${encodeURIComponent(id)}`);
    if (got.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={SECTION}
          what="Principal"
          answer={got}
          back="/portal/principals"
          backLabel="Back to principals"
        />,
        pageStatus(got),
      );
    const p = got.body;
    const etag = got.etag ?? "";
    const canWrite = viewer.can("iam/principals", "write");
    const self = p.id === viewer.me.id;
    const [roles, sessions] = await Promise.all([
      canWrite ? loadRoles(api, c) : undefined,
      api.call<Session[]>(c, "GET", `/resources/iam/principals/${p.id}/sessions`),
    ]);
    const active = sessions.status === 200 ? sessions.body.filter((s) => !s.isRevoked) : [];
    const status = extras.conflict ? 409 : pageStatus(extras.error);
    return render(
      c,
      <Page title={p.name} viewer={viewer} section={SECTION}>
        <DoneNotice done={extras.done} />
        {extras.conflict ? (
          <Notice kind="error">
            This principal was changed by someone else since you opened the page.{" "}
            <a href={`/portal/principals/${p.id}`}>Reload</a> to see the changes, then make yours again.
          </Notice>
        ) : null}
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        {extras.temporaryPassword ? (
          <ShownOnce
            id="temporary-password"
            label={`Temporary password for ${p.email}`}
            value={extras.temporaryPassword}
          />
        ) : null}
        <section class="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Details</h2>
          <dl class="facts">
            <dt>Status</dt>
            <dd>{p.suspendedAt ? <span class="badge warn">{`suspended ${when(p.suspendedAt)}`}</span> : "active"}</dd>
            <dt>Email</dt>
            <dd>{p.email}</dd>
            <dt>Roles</dt>
            <dd>{p.roles.length ? p.roles.map((r) => <span class="badge">{r}</span>) : "none"}</dd>
            <dt>Password</dt>
            <dd>
              {p.passwordLogin
                ? p.passwordExpiresAt
                  ? `temporary, until ${when(p.passwordExpiresAt)}`
                  : "set"
                : "none"}
            </dd>
            <dt>Last active</dt>
            <dd>{when(p.lastActiveAt)}</dd>
            <dt>Created</dt>
            <dd>{when(p.createdAt)}</dd>
          </dl>
          {canWrite ? (
            <div class="actions">
              {self ? null : p.suspendedAt ? (
                <Action
                  viewer={viewer}
                  action={`/portal/principals/${p.id}/reactivate`}
                  etag={etag}
                  label="Reactivate"
                />
              ) : (
                <Action
                  viewer={viewer}
                  action={`/portal/principals/${p.id}/suspend`}
                  etag={etag}
                  label="Suspend"
                  danger
                  confirm={`Suspend ${p.name}? Every session of theirs ends.`}
                />
              )}
              <Action
                viewer={viewer}
                action={`/portal/principals/${p.id}/password-reset`}
                etag={etag}
                label="Reset password"
                confirm={`Give ${p.name} a new temporary password? Their sessions end.`}
              />
            </div>
          ) : null}
        </section>
        {canWrite ? (
          <form method="post" action={`/portal/principals/${p.id}`} class="card" aria-labelledby="edit-heading">
            <h2 id="edit-heading">Edit</h2>
            <CsrfField viewer={viewer} />
            <input type="hidden" name="etag" value={etag} />
            <label for="name">Name</label>
            <input id="name" name="name" type="text" required maxlength={200} value={p.name} />
            <label for="email">Email</label>
            <input id="email" name="email" type="email" required maxlength={320} value={p.email} />
            <label for="phone">Phone</label>
            <input id="phone" name="phone" type="text" maxlength={32} value={p.phone ?? ""} autocomplete="off" />
            {roles?.status === 200 ? <RoleChoices roles={roles.body.roles} chosen={p.roles} /> : null}
            <div>
              <button type="submit">Save</button>
            </div>
          </form>
        ) : null}
        <h2 id="sessions-heading">Sessions</h2>
        <SessionsTable
          sessions={active}
          viewer={viewer}
          labelledBy="sessions-heading"
          revokeAction={(s) => `/portal/principals/${p.id}/sessions/${s.id}/revoke`}
          canRevoke={canWrite || self}
        />
      </Page>,
      status,
    );
  };

  app.get("/portal/principals/:id", (c) => page(c, c.req.param("id"), { done: c.req.query("done") }));

  /**
   * Saves the edit form: properties (PATCH) then roles (PUT) when they changed, each at the version the form was opened
   * at.
   */
  app.post("/portal/principals/:id", async (c) => {
    const id = encodeURIComponent(c.req.param("id"));
    const form = c.get("form");
    const etag = form.text("etag");
    const phone = form.text("phone").trim();
    const roles = form.list("roles").sort();
    // The PUT of the roles comes after the PATCH has saved the rest: a role no form offers is refused before either.
    if (roles.some((r) => !ROLE_KEY.test(r))) return page(c, c.req.param("id"), { error: NOT_A_ROLE });
    const patched = await api.call<Principal>(c, "PATCH", `/resources/iam/principals/${id}`, {
      ifMatch: etag,
      body: { name: form.text("name"), email: form.text("email"), phone: phone || null },
    });
    if (patched.status !== 200) return page(c, c.req.param("id"), refusal(patched));
    if (JSON.stringify([...patched.body.roles].sort()) !== JSON.stringify(roles)) {
      const put = await api.call(c, "PUT", `/resources/iam/principals/${id}/roles`, {
        ifMatch: patched.etag ?? undefined,
        body: { roles },
      });
      if (put.status !== 200) return page(c, c.req.param("id"), refusal(put));
    }
    return c.redirect(`/portal/principals/${id}?done=saved`, 303);
  });

  for (const [action, done] of [
    ["suspend", "suspended"],
    ["reactivate", "reactivated"],
  ] as const)
    app.post(`/portal/principals/:id/${action}`, async (c) => {
      const id = encodeURIComponent(c.req.param("id"));
      const answer = await api.call(c, "POST", `/resources/iam/principals/${id}/${action}`, {
        ifMatch: c.get("form").text("etag"),
      });
      if (answer.status !== 200) return page(c, c.req.param("id"), refusal(answer));
      return c.redirect(`/portal/principals/${id}?done=${done}`, 303);
    });

  app.post("/portal/principals/:id/password-reset", async (c) => {
    const answer = await api.call<{ temporaryPassword: string }>(
      c,
      "POST",
      `/resources/iam/principals/${encodeURIComponent(c.req.param("id"))}/password/reset`,
      { ifMatch: c.get("form").text("etag") },
    );
    if (answer.status !== 200) return page(c, c.req.param("id"), refusal(answer));
    return page(c, c.req.param("id"), { temporaryPassword: answer.body.temporaryPassword });
  });

  app.post("/portal/principals/:id/sessions/:sessionId/revoke", async (c) => {
    const id = encodeURIComponent(c.req.param("id"));
    const answer = await api.call(
      c,
      "DELETE",
      `/resources/iam/principals/${id}/sessions/${encodeURIComponent(c.req.param("sessionId"))}`,
    );
    if (answer.status !== 204) return page(c, c.req.param("id"), { error: answer });
    if (c.req.param("sessionId") === c.get("viewer").me.sessionId) return c.redirect("/portal/login", 303);
    return c.redirect(`/portal/principals/${id}?done=session-revoked`, 303);
  });

  return app;
};
