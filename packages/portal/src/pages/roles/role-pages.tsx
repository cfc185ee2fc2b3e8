import { Hono } from "hono";
import type { Context } from "hono";
import type { RoleAnswer } from "@platform/iam";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, DoneNotice, pageStatus, refusal } from "../../html/api-error.tsx";
import { CsrfField, Notice, Page } from "../../html/layout.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv, Viewer } from "../../session/viewer.ts";

const SECTION = "/portal/roles";

/** A role as the API answers it: IAM's published answer. */
type RoleRecord = RoleAnswer;

const aclText = (r: RoleRecord | undefined) =>
  r ? r.acl.entries.map((e) => `${e.resource}:${e.permission}`).join("\n") : "";

/** The role form: key (new roles only), description, one ACL entry per line. */
const RoleForm = (props: {
  viewer: Viewer;
  role?: RoleRecord;
  etag?: string;
  draft?: { key: string; description: string; acl: string };
}) => {
  const existing = props.role;
  const action = existing ? `/portal/roles/${encodeURIComponent(existing.key)}` : "/portal/roles";
  return (
    <form method="post" action={action} class="card" aria-labelledby="role-form-heading">
      <h2 id="role-form-heading">{existing ? "Edit" : "New custom role"}</h2>
      <CsrfField viewer={props.viewer} />
      {existing ? <input type="hidden" name="etag" value={props.etag ?? ""} /> : null}
      {existing ? null : (
        <>
          <label for="key">Key</label>
          <input
            id="key"
            name="key"
            type="text"
            required
            maxlength={100}
            class="mono"
            value={props.draft?.key ?? ""}
            placeholder="namespace:capability"
            aria-describedby="key-hint"
          />
          <p class="hint" id="key-hint">
            Like <code>sales:manager</code>; <code>system:</code> is reserved.
          </p>
        </>
      )}
      <label for="description">Description</label>
      <input
        id="description"
        name="description"
        type="text"
        maxlength={500}
        value={props.draft?.description ?? existing?.description ?? ""}
      />
      <label for="acl">ACL entries</label>
      <textarea id="acl" name="acl" class="mono" aria-describedby="acl-hint">
        {props.draft?.acl ?? aclText(existing)}
      </textarea>
      <p class="hint" id="acl-hint">
        One <code>resource:permission</code> per line, such as <code>iam/principals:read</code> or{" "}
        <code>sendings:*</code>; at most what you hold yourself.
      </p>
      <div>
        <button type="submit">{existing ? "Save role" : "Create role"}</button>
      </div>
    </form>
  );
};

const aclOf = (text: string) =>
  text
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** `/portal/roles`: every role (built-in ones read-only), custom roles created, edited and deleted. */
export const roleRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();
  const path = (key: string) => `/resources/iam/roles/${encodeURIComponent(key)}`;

  const listPage = async (
    c: Context<PortalEnv>,
    extras: { error?: ApiAnswer; draft?: { key: string; description: string; acl: string }; done?: string } = {},
  ) => {
    const viewer = c.get("viewer");
    const roles = await api.call<ListPage & { roles: RoleRecord[] }>(c, "GET", "/resources/iam/roles?limit=100");
    return render(
      c,
      <Page title="Roles" viewer={viewer} section={SECTION}>
        <DoneNotice done={extras.done} />
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        {roles.status !== 200 ? (
          <ApiErrorNotice answer={roles} />
        ) : (
          <Table
            label="Roles"
            columns={[{ title: "Key" }, { title: "Description" }, { title: "ACL entries", wide: true }]}
          >
            {roles.body.roles.map((r) => (
              <tr>
                <td class="mono">
                  <a href={`/portal/roles/${encodeURIComponent(r.key)}`}>{r.key}</a>
                  {r.isSystem ? <span class="badge">built in</span> : null}
                </td>
                <td>{r.description}</td>
                <td class="hide-narrow mono">{r.acl.entries.length}</td>
              </tr>
            ))}
          </Table>
        )}
        {viewer.can("iam/roles", "write") ? <RoleForm viewer={viewer} draft={extras.draft} /> : null}
      </Page>,
      pageStatus(extras.error),
    );
  };

  const rolePage = async (
    c: Context<PortalEnv>,
    key: string,
    extras: { error?: ApiAnswer; conflict?: boolean; done?: string } = {},
  ) => {
    const viewer = c.get("viewer");
    const got = await api.call<RoleRecord>(c, "GET", path(key));
    if (got.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={SECTION}
          what="Role"
          answer={got}
          back="/portal/roles"
          backLabel="Back to roles"
        />,
        pageStatus(got),
      );
    const role = got.body;
    const editable = !role.isSystem && viewer.can("iam/roles", "write");
    return render(
      c,
      <Page title={role.key} viewer={viewer} section={SECTION}>
        <DoneNotice done={extras.done} />
        {extras.conflict ? (
          <Notice kind="error">
            This role was changed by someone else since you opened the page.{" "}
            <a href={`/portal/roles/${encodeURIComponent(role.key)}`}>Reload</a> to see the changes.
          </Notice>
        ) : null}
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        <section class="card" aria-labelledby="acl-heading">
          <h2 id="acl-heading">{role.isSystem ? "Built in (read-only)" : "ACL entries"}</h2>
          <p>{role.description}</p>
          <ul class="mono">
            {role.acl.entries.map((e) => (
              <li>{`${e.resource}:${e.permission}`}</li>
            ))}
          </ul>
        </section>
        {editable ? <RoleForm viewer={viewer} role={role} etag={got.etag ?? ""} /> : null}
        {!role.isSystem && viewer.can("iam/roles", "delete") ? (
          <form
            method="post"
            action={`/portal/roles/${encodeURIComponent(role.key)}/delete`}
            data-confirm={`Delete the role ${role.key}? Whoever holds it loses what it grants.`}
          >
            <CsrfField viewer={viewer} />
            <input type="hidden" name="etag" value={got.etag ?? ""} />
            <button type="submit" class="danger">
              Delete role
            </button>
          </form>
        ) : null}
      </Page>,
      extras.conflict ? 409 : pageStatus(extras.error),
    );
  };

  app.get("/portal/roles", (c) => listPage(c, { done: c.req.query("done") }));
  app.get("/portal/roles/:key", (c) => rolePage(c, c.req.param("key"), { done: c.req.query("done") }));

  app.post("/portal/roles", async (c) => {
    const f = c.get("form");
    const draft = { key: f.text("key").trim(), description: f.text("description").trim(), acl: f.text("acl") };
    if (!draft.key)
      return listPage(c, {
        draft,
        error: {
          status: 400,
          etag: null,
          body: { error: { code: "VALIDATION_FAILED", message: "A role needs a key" } },
        },
      });
    const exists = await api.call(c, "GET", path(draft.key));
    if (exists.status === 200)
      return listPage(c, {
        draft,
        error: {
          status: 409,
          etag: null,
          body: { error: { code: "CONFLICT", message: `The role ${draft.key} exists already` } },
        },
      });
    const put = await api.call(c, "PUT", path(draft.key), {
      body: { description: draft.description, acl: aclOf(draft.acl) },
    });
    if (put.status !== 201) return listPage(c, { draft, error: put });
    return c.redirect(`/portal/roles/${encodeURIComponent(draft.key)}?done=created`, 303);
  });

  app.post("/portal/roles/:key", async (c) => {
    const key = c.req.param("key");
    const f = c.get("form");
    const put = await api.call(c, "PUT", path(key), {
      ifMatch: f.text("etag"),
      body: { description: f.text("description").trim(), acl: aclOf(f.text("acl")) },
    });
    if (put.status === 200) return c.redirect(`/portal/roles/${encodeURIComponent(key)}?done=saved`, 303);
    return rolePage(c, key, refusal(put));
  });

  app.post("/portal/roles/:key/delete", async (c) => {
    const key = c.req.param("key");
    const del = await api.call(c, "DELETE", path(key), { ifMatch: c.get("form").text("etag") });
    if (del.status === 204) return c.redirect("/portal/roles?done=deleted", 303);
    return rolePage(c, key, refusal(del));
  });

  return app;
};
