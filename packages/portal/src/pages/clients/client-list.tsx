import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { FilterForm, IncludeSuspended, TextFilter } from "../../html/filters.tsx";
import { CsrfField, Page, ShownOnce } from "../../html/layout.tsx";
import { Pager, listQuery } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { RoleChoices, loadRoles } from "../principals/role-choices.tsx";
import { clientProperties } from "./client-types.ts";
import type { Client, ClientDraft, ClientSecret } from "./client-types.ts";

const LIMIT = 25;
const SECTION = "/portal/clients";

const EMPTY: ClientDraft = {
  id: "",
  name: "",
  description: "",
  kind: "service_account",
  publicClient: false,
  redirectUris: "",
  scopes: "",
  roles: [],
};

/** `/portal/clients`: list and search; create an interactive client or a service account. */
export const clientListRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  app.get("/portal/clients", async (c) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const filters = {
      search: q.search?.trim() || undefined,
      includeSuspended: q.includeSuspended ? "true" : undefined,
    };
    const answer = await api.call<ListPage & { clients: Client[] }>(
      c,
      "GET",
      `/resources/iam/clients${listQuery(LIMIT, filters, q)}`,
    );
    return render(
      c,
      <Page title="Clients" viewer={viewer} section={SECTION}>
        <FilterForm action="/portal/clients" label="Find clients">
          <TextFilter name="search" label="Name or id" value={filters.search} maxlength={200} search />
          <IncludeSuspended checked={!!filters.includeSuspended} />
        </FilterForm>
        {viewer.can("iam/clients", "write") ? (
          <p>
            <a class="button" href="/portal/clients/new">
              New client
            </a>
          </p>
        ) : null}
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : (
          <>
            <Table
              label="Clients"
              columns={[{ title: "Name" }, { title: "Id" }, { title: "Type" }, { title: "Roles", wide: true }]}
            >
              {answer.body.clients.map((cl) => (
                <tr>
                  <td>
                    <a href={`/portal/clients/${encodeURIComponent(cl.id)}`}>{cl.name}</a>
                    {cl.isSystem ? <span class="badge">built in</span> : null}
                    {cl.suspendedAt ? <span class="badge warn">suspended</span> : null}
                  </td>
                  <td class="mono">{cl.id}</td>
                  <td>
                    {cl.type === "service_account"
                      ? "service account"
                      : cl.tokenEndpointAuthMethod === "none"
                        ? "interactive, public"
                        : "interactive"}
                  </td>
                  <td class="hide-narrow">
                    {cl.roles.map((r) => (
                      <span class="badge">{r}</span>
                    ))}
                  </td>
                </tr>
              ))}
            </Table>
            <Pager
              base="/portal/clients"
              filters={filters}
              page={answer.body}
              shown={answer.body.clients.length}
              limit={LIMIT}
              moved={!!(q.after || q.before)}
            />
          </>
        )}
      </Page>,
      answer.status === 200 ? 200 : pageStatus(answer),
    );
  });

  const newPage = async (c: Context<PortalEnv>, d: ClientDraft = EMPTY, error?: ApiAnswer) => {
    const viewer = c.get("viewer");
    const roles = await loadRoles(api, c);
    return render(
      c,
      <Page title="New client" viewer={viewer} section={SECTION}>
        {error ? <ApiErrorNotice answer={error} /> : null}
        <form method="post" action="/portal/clients" class="card">
          <CsrfField viewer={viewer} />
          <label for="id">Client id</label>
          <input
            id="id"
            name="id"
            type="text"
            required
            maxlength={128}
            pattern="[A-Za-z0-9._:-]+"
            value={d.id}
            class="mono"
            aria-describedby="id-hint"
          />
          <p class="hint" id="id-hint">
            Letters, digits and <code>. _ : -</code>; it cannot change later.
          </p>
          <label for="name">Name</label>
          <input id="name" name="name" type="text" required maxlength={200} value={d.name} />
          <label for="description">Description</label>
          <input id="description" name="description" type="text" maxlength={1000} value={d.description} />
          <fieldset class="roles">
            <legend>Type</legend>
            <label class="inline">
              <input type="radio" name="kind" value="service_account" checked={d.kind === "service_account"} /> Service
              account (client credentials, acts as itself)
            </label>
            <label class="inline">
              <input type="radio" name="kind" value="interactive" checked={d.kind === "interactive"} /> Interactive
              (people sign in through it; authorization code + PKCE)
            </label>
          </fieldset>
          <label for="redirectUris">Redirect URIs (interactive)</label>
          <textarea id="redirectUris" name="redirectUris" class="mono" aria-describedby="redirect-hint">
            {d.redirectUris}
          </textarea>
          <p class="hint" id="redirect-hint">
            One per line, https (http only for localhost).
          </p>
          <label class="inline">
            <input type="checkbox" name="publicClient" value="yes" checked={d.publicClient} /> Public client: no secret
            (a browser or mobile app)
          </label>
          <label for="scopes">Scopes</label>
          <input id="scopes" name="scopes" type="text" class="mono" value={d.scopes} aria-describedby="scopes-hint" />
          <p class="hint" id="scopes-hint">
            Space-separated; the most its tokens may carry. Empty: a service account has its roles' permissions, an
            interactive client the signed-in person's.
          </p>
          {roles.status === 200 ? (
            <RoleChoices roles={roles.body.roles} chosen={d.roles} legend="Roles (what a service account may do)" />
          ) : null}
          <div>
            <button type="submit">Create client</button>
          </div>
        </form>
      </Page>,
      pageStatus(error),
    );
  };

  app.get("/portal/clients/new", (c) => newPage(c));

  app.post("/portal/clients", async (c) => {
    const viewer = c.get("viewer");
    const f = c.get("form");
    const text = (k: string) => f.text(k).trim();
    const draft: ClientDraft = {
      id: text("id"),
      name: text("name"),
      description: text("description"),
      kind: f.text("kind") === "interactive" ? "interactive" : "service_account",
      publicClient: f.text("publicClient") === "yes",
      redirectUris: f.text("redirectUris"),
      scopes: text("scopes"),
      roles: f.list("roles"),
    };
    if (!/^[A-Za-z0-9._:-]{1,128}$/.test(draft.id))
      return newPage(c, draft, {
        status: 400,
        etag: null,
        body: {
          error: {
            code: "VALIDATION_FAILED",
            message: "The client id may hold letters, digits and . _ : - only (at most 128)",
          },
        },
      });
    const id = encodeURIComponent(draft.id);
    const exists = await api.call(c, "GET", `/resources/iam/clients/${id}`);
    if (exists.status === 200)
      return newPage(c, draft, {
        status: 409,
        etag: null,
        body: { error: { code: "CONFLICT", message: `A client with the id ${draft.id} exists already` } },
      });
    const created = await api.call<Client>(c, "PUT", `/resources/iam/clients/${id}`, {
      body: { properties: clientProperties(draft), roles: draft.roles },
    });
    if (created.status !== 201) return newPage(c, draft, created);
    if (created.body.tokenEndpointAuthMethod === "none") return c.redirect(`/portal/clients/${id}?done=created`, 303);
    const secret = await api.call<ClientSecret>(c, "POST", `/resources/iam/clients/${id}/secrets`, {
      body: { description: "First secret" },
    });
    return render(
      c,
      <Page title={`Created ${created.body.name}`} viewer={viewer} section={SECTION}>
        {secret.status === 201 && secret.body.secret ? (
          <ShownOnce id="client-secret" label={`Secret of ${draft.id}`} value={secret.body.secret} />
        ) : (
          <ApiErrorNotice answer={secret} />
        )}
        <p>
          <a href={`/portal/clients/${id}`}>Go to {created.body.name}</a>
        </p>
      </Page>,
    );
  });

  return app;
};
