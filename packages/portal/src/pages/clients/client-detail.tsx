import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, DoneNotice, pageStatus, refusal } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { CsrfField, Notice, Page, ShownOnce } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { RoleChoices, loadRoles } from "../principals/role-choices.tsx";
import type { Client, ClientSecret } from "./client-types.ts";
import { BackchannelForm } from "./backchannel-form.tsx";

const SECTION = "/portal/clients";

type Extras = {
  readonly done?: string;
  readonly error?: ApiAnswer;
  readonly conflict?: boolean;
  readonly secret?: ClientSecret;
};

/** `/portal/clients/{id}`: details, secrets (made and shown once, deleted), roles, suspend or reactivate. */
export const clientDetailRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();
  const path = (id: string) => `/resources/iam/clients/${encodeURIComponent(id)}`;

  const page = async (c: Context<PortalEnv>, id: string, extras: Extras = {}) => {
    const viewer = c.get("viewer");
    const got = await api.call<Client>(c, "GET", path(id));
    if (got.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={SECTION}
          what="Client"
          answer={got}
          back="/portal/clients"
          backLabel="Back to clients"
        />,
        pageStatus(got),
      );
    const cl = got.body;
    const etag = got.etag ?? "";
    const canWrite = viewer.can("iam/clients", "write") && !cl.isSystem;
    const confidential = cl.tokenEndpointAuthMethod !== "none";
    const [secrets, roles] = await Promise.all([
      confidential ? api.call<ClientSecret[]>(c, "GET", `${path(id)}/secrets`) : undefined,
      canWrite ? loadRoles(api, c) : undefined,
    ]);
    const base = `/portal/clients/${encodeURIComponent(cl.id)}`;
    return render(
      c,
      <Page title={cl.name} viewer={viewer} section={SECTION}>
        <DoneNotice done={extras.done} />
        {extras.conflict ? (
          <Notice kind="error">
            This client was changed by someone else since you opened the page. <a href={base}>Reload</a> to see the
            changes, then make yours again.
          </Notice>
        ) : null}
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        {extras.secret?.secret ? (
          <ShownOnce id="client-secret" label={`New secret of ${cl.id}`} value={extras.secret.secret} />
        ) : null}
        <section class="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Details</h2>
          <dl class="facts">
            <dt>Id</dt>
            <dd class="mono">{cl.id}</dd>
            <dt>Type</dt>
            <dd>
              {cl.type === "service_account"
                ? "service account"
                : confidential
                  ? "interactive"
                  : "interactive, public (PKCE, no secret)"}
            </dd>
            <dt>Status</dt>
            <dd>{cl.suspendedAt ? <span class="badge warn">{`suspended ${when(cl.suspendedAt)}`}</span> : "active"}</dd>
            {cl.description ? (
              <>
                <dt>Description</dt>
                <dd>{cl.description}</dd>
              </>
            ) : null}
            <dt>Redirect URIs</dt>
            <dd class="mono">{cl.redirectUris.length ? cl.redirectUris.map((u) => <div>{u}</div>) : "—"}</dd>
            <dt>Scopes</dt>
            <dd class="mono">{cl.scopes.join(" ") || "—"}</dd>
            {cl.grantTypes.includes("authorization_code") ? (
              <>
                <dt>Back-channel logout</dt>
                <dd class="mono">{cl.backchannelLogoutUri ?? "—"}</dd>
              </>
            ) : null}
            <dt>Roles</dt>
            <dd>{cl.roles.length ? cl.roles.map((r) => <span class="badge">{r}</span>) : "none"}</dd>
          </dl>
          {cl.isSystem ? <p class="hint">Built into the platform: read-only.</p> : null}
          {canWrite ? (
            <div class="actions">
              <form
                method="post"
                action={`${base}/${cl.suspendedAt ? "reactivate" : "suspend"}`}
                data-confirm={cl.suspendedAt ? undefined : `Suspend ${cl.name}? Its tokens stop working.`}
              >
                <CsrfField viewer={viewer} />
                <input type="hidden" name="etag" value={etag} />
                <button type="submit" class={cl.suspendedAt ? "secondary" : "danger"}>
                  {cl.suspendedAt ? "Reactivate" : "Suspend"}
                </button>
              </form>
            </div>
          ) : null}
        </section>
        {confidential ? (
          <>
            <h2 id="secrets-heading">Secrets</h2>
            {secrets?.status === 200 && secrets.body.length ? (
              <Table
                labelledBy="secrets-heading"
                columns={[
                  { title: "Description" },
                  { title: "Created", wide: true },
                  { title: "Expires" },
                  { title: "Actions", hidden: true },
                ]}
              >
                {secrets.body.map((s) => (
                  <tr data-secret={s.id}>
                    <td>{s.description || <span class="mono">{s.id}</span>}</td>
                    <td class="hide-narrow">{when(s.createdAt)}</td>
                    <td>{s.expiresAt ? when(s.expiresAt) : "never"}</td>
                    <td>
                      {canWrite ? (
                        <form
                          method="post"
                          action={`${base}/secrets/${s.id}/delete`}
                          data-confirm="Delete this secret? Anything using it stops working."
                        >
                          <CsrfField viewer={viewer} />
                          <button type="submit" class="secondary" aria-label={`Delete secret ${s.description || s.id}`}>
                            Delete
                          </button>
                        </form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </Table>
            ) : (
              <p>No secrets.</p>
            )}
            {canWrite ? (
              <form method="post" action={`${base}/secrets`} class="card" aria-labelledby="new-secret-heading">
                <h2 id="new-secret-heading">New secret</h2>
                <CsrfField viewer={viewer} />
                <label for="secret-description">Description</label>
                <input id="secret-description" name="description" type="text" maxlength={200} />
                <label for="secret-expires">Expires on (optional)</label>
                <input id="secret-expires" name="expiresOn" type="date" />
                <div>
                  <button type="submit">Create secret</button>
                </div>
              </form>
            ) : null}
          </>
        ) : null}
        {canWrite && cl.grantTypes.includes("authorization_code") ? (
          <BackchannelForm viewer={viewer} client={cl} etag={etag} action={`${base}/backchannel-logout`} />
        ) : null}
        {canWrite && roles?.status === 200 ? (
          <form method="post" action={`${base}/roles`} class="card" aria-labelledby="roles-heading">
            <h2 id="roles-heading">Roles</h2>
            <CsrfField viewer={viewer} />
            <input type="hidden" name="etag" value={etag} />
            <RoleChoices roles={roles.body.roles} chosen={cl.roles} legend="What this client may do as itself" />
            <button type="submit">Save roles</button>
          </form>
        ) : null}
      </Page>,
      extras.conflict ? 409 : pageStatus(extras.error),
    );
  };

  const afterWrite = (c: Context<PortalEnv>, answer: ApiAnswer, ok: number, done: string) => {
    const id = c.req.param("id")!;
    if (answer.status === ok) return c.redirect(`/portal/clients/${encodeURIComponent(id)}?done=${done}`, 303);
    return page(c, id, refusal(answer));
  };

  app.get("/portal/clients/:id", (c) => page(c, c.req.param("id"), { done: c.req.query("done") }));

  app.post("/portal/clients/:id/roles", async (c) => {
    const f = c.get("form");
    return afterWrite(
      c,
      await api.call(c, "PUT", `${path(c.req.param("id"))}/roles`, {
        ifMatch: f.text("etag"),
        body: { roles: f.list("roles") },
      }),
      200,
      "saved",
    );
  });

  app.post("/portal/clients/:id/backchannel-logout", async (c) => {
    const f = c.get("form");
    const uri = f.text("backchannelLogoutUri").trim();
    const body = {
      backchannelLogoutUri: uri || null,
      backchannelLogoutSessionRequired: f.text("backchannelLogoutSessionRequired") === "yes",
    };
    return afterWrite(
      c,
      await api.call(c, "PATCH", path(c.req.param("id")), { ifMatch: f.text("etag"), body }),
      200,
      "saved",
    );
  });

  for (const [action, done] of [
    ["suspend", "suspended"],
    ["reactivate", "reactivated"],
  ] as const)
    app.post(`/portal/clients/:id/${action}`, async (c) => {
      return afterWrite(
        c,
        await api.call(c, "POST", `${path(c.req.param("id"))}/${action}`, { ifMatch: c.get("form").text("etag") }),
        200,
        done,
      );
    });

  app.post("/portal/clients/:id/secrets", async (c) => {
    const f = c.get("form");
    const day = f.text("expiresOn");
    const body = {
      description: f.text("description").trim(),
      ...(/^\d{4}-\d{2}-\d{2}$/.test(day) ? { expiresAt: `${day}T23:59:59.000Z` } : {}),
    };
    const made = await api.call<ClientSecret>(c, "POST", `${path(c.req.param("id"))}/secrets`, { body });
    if (made.status !== 201) return page(c, c.req.param("id"), { error: made });
    return page(c, c.req.param("id"), { secret: made.body });
  });

  app.post("/portal/clients/:id/secrets/:secretId/delete", async (c) =>
    afterWrite(
      c,
      await api.call(c, "DELETE", `${path(c.req.param("id"))}/secrets/${encodeURIComponent(c.req.param("secretId"))}`),
      204,
      "secret-deleted",
    ),
  );

  return app;
};
