import { Hono } from "hono";
import type { Context } from "hono";
import { newId } from "@platform/kernel";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { FilterForm, IncludeSuspended, TextFilter } from "../../html/filters.tsx";
import { CsrfField, Page, ShownOnce } from "../../html/layout.tsx";
import { Pager, listQuery } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import type { Principal } from "./principal-types.ts";
import { RoleChoices, loadRoles } from "./role-choices.tsx";

const LIMIT = 25;
const SECTION = "/portal/principals";

type Draft = { readonly name?: string; readonly email?: string; readonly roles?: readonly string[] };

/** `/portal/principals`: search, filter by role prefix, include suspended; create. */
export const principalListRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  app.get("/portal/principals", async (c) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const filters = {
      search: q.search?.trim() || undefined,
      rolePrefix: q.rolePrefix?.trim() || undefined,
      includeSuspended: q.includeSuspended ? "true" : undefined,
    };
    const answer = await api.call<ListPage & { principals: Principal[] }>(
      c,
      "GET",
      `/resources/iam/principals${listQuery(LIMIT, filters, q)}`,
    );
    return render(
      c,
      <Page title="Principals" viewer={viewer} section={SECTION}>
        <FilterForm action="/portal/principals" label="Find principals">
          <TextFilter name="search" label="Name or email" value={filters.search} maxlength={200} search />
          <TextFilter
            name="rolePrefix"
            label="Role starting with"
            value={filters.rolePrefix}
            maxlength={100}
            placeholder="e.g. system: or sales:"
          />
          <IncludeSuspended checked={!!filters.includeSuspended} />
        </FilterForm>
        {viewer.can("iam/principals", "write") ? (
          <p>
            <a class="button" href="/portal/principals/new">
              New principal
            </a>
          </p>
        ) : null}
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : answer.body.principals.length === 0 ? (
          <p>No principals match.</p>
        ) : (
          <>
            <Table
              label="Principals"
              columns={[
                { title: "Name" },
                { title: "Email" },
                { title: "Roles", wide: true },
                { title: "Last active", wide: true },
              ]}
            >
              {answer.body.principals.map((p) => (
                <tr>
                  <td>
                    <a href={`/portal/principals/${p.id}`}>{p.name}</a>
                    {p.suspendedAt ? <span class="badge warn">suspended</span> : null}
                  </td>
                  <td>{p.email}</td>
                  <td class="hide-narrow">
                    {p.roles.map((r) => (
                      <span class="badge">{r}</span>
                    ))}
                  </td>
                  <td class="hide-narrow">{when(p.lastActiveAt)}</td>
                </tr>
              ))}
            </Table>
            <Pager
              base="/portal/principals"
              filters={filters}
              page={answer.body}
              shown={answer.body.principals.length}
              limit={LIMIT}
              moved={!!(q.after || q.before)}
            />
          </>
        )}
      </Page>,
      answer.status === 200 ? 200 : pageStatus(answer),
    );
  });

  const newPage = async (c: Context<PortalEnv>, draft: Draft = {}, error?: ApiAnswer) => {
    const viewer = c.get("viewer");
    const roles = await loadRoles(api, c);
    return render(
      c,
      <Page title="New principal" viewer={viewer} section={SECTION}>
        {error ? <ApiErrorNotice answer={error} /> : null}
        <form method="post" action="/portal/principals" class="card">
          <CsrfField viewer={viewer} />
          <label for="name">Name</label>
          <input
            id="name"
            name="name"
            type="text"
            required
            maxlength={200}
            value={draft.name ?? ""}
            autocomplete="off"
          />
          <label for="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            required
            maxlength={320}
            value={draft.email ?? ""}
            autocomplete="off"
          />
          {roles.status === 200 ? <RoleChoices roles={roles.body.roles} chosen={draft.roles ?? []} /> : null}
          <label class="inline">
            <input type="checkbox" name="temporaryPassword" value="yes" checked /> Give a temporary password now (shown
            once; they choose their own at first sign-in)
          </label>
          <div>
            <button type="submit">Create principal</button>
          </div>
        </form>
      </Page>,
      pageStatus(error),
    );
  };

  app.get("/portal/principals/new", (c) => newPage(c));

  app.post("/portal/principals", async (c) => {
    const viewer = c.get("viewer");
    const form = c.get("form");
    const draft = { name: form.text("name"), email: form.text("email"), roles: form.list("roles") };
    const id = newId();
    const created = await api.call<Principal>(c, "PUT", `/resources/iam/principals/${id}`, {
      body: { properties: { name: draft.name, email: draft.email }, roles: draft.roles },
    });
    if (created.status !== 201) return newPage(c, draft, created);
    if (form.text("temporaryPassword") !== "yes") return c.redirect(`/portal/principals/${id}?done=created`, 303);
    const reset = await api.call<{ temporaryPassword: string }>(
      c,
      "POST",
      `/resources/iam/principals/${id}/password/reset`,
      { ifMatch: created.etag ?? undefined },
    );
    if (reset.status !== 200) return c.redirect(`/portal/principals/${id}?done=created`, 303);
    return render(
      c,
      <Page title={`Created ${created.body.name}`} viewer={viewer} section={SECTION}>
        <ShownOnce
          id="temporary-password"
          label={`Temporary password for ${created.body.email}`}
          value={reset.body.temporaryPassword}
        />
        <p>
          <a href={`/portal/principals/${id}`}>Go to {created.body.name}</a>
        </p>
      </Page>,
    );
  });

  return app;
};
