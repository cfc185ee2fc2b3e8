import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../api/api-client.ts";
import { ApiErrorNotice, DoneNotice, pageStatus } from "../html/api-error.tsx";
import { CsrfField, Notice, Page, ShownOnce } from "../html/layout.tsx";
import { render } from "../html/render.ts";
import { PORTAL_CLIENT_ID } from "../session/portal-client.ts";
import type { PortalEnv, Viewer } from "../session/viewer.ts";
import { SessionsTable } from "./sessions-table.tsx";
import type { Session } from "./sessions-table.tsx";

type Pat = { readonly keyId: string; readonly accessToken: string; readonly expiresAt: string };

type Extras = {
  readonly error?: ApiAnswer;
  readonly errorAt?: "password" | "token";
  readonly pat?: Pat;
  readonly done?: string;
};

const DAY_MS = 86_400_000;
const dateInput = (d: Date) => d.toISOString().slice(0, 10);

const PasswordForm = (props: { viewer: Viewer }) => (
  <form method="post" action="/portal/me/password" class="card" aria-labelledby="password-heading">
    <h2 id="password-heading">Change password</h2>
    <CsrfField viewer={props.viewer} />
    <label for="currentPassword">Current password</label>
    <input id="currentPassword" name="currentPassword" type="password" autocomplete="current-password" required />
    <label for="newPassword">New password</label>
    <input
      id="newPassword"
      name="newPassword"
      type="password"
      autocomplete="new-password"
      required
      aria-describedby="newPassword-hint"
    />
    <p class="hint" id="newPassword-hint">
      At least 12 characters, not a common password. Your other sessions end when it changes.
    </p>
    <button type="submit">Change password</button>
  </form>
);

/** `/portal/me`: the signed-in principal's profile, password, sessions and personal access tokens. */
export const meRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  const page = async (c: Context<PortalEnv>, extras: Extras = {}, status: ReturnType<typeof pageStatus> = 200) => {
    const viewer = c.get("viewer");
    const { me } = viewer;
    const sessions = await api.call<Session[]>(c, "GET", `/resources/iam/principals/${me.id}/sessions`);
    const all = sessions.status === 200 ? sessions.body.filter((s) => !s.isRevoked) : [];
    const pats = all.filter((s) => s.type === "pat");
    const signIns = all.filter((s) => s.type !== "pat");
    const now = Date.now();
    return render(
      c,
      <Page title="My account" viewer={viewer} section="/portal/me">
        <DoneNotice done={extras.done} />
        <section class="card" aria-labelledby="profile-heading">
          <h2 id="profile-heading">Profile</h2>
          <dl class="facts">
            <dt>Name</dt>
            <dd>{me.principal?.name}</dd>
            <dt>Email</dt>
            <dd>{me.principal?.email}</dd>
            <dt>Roles</dt>
            <dd>{me.roles.length ? me.roles.map((r) => <span class="badge">{r}</span>) : "none"}</dd>
          </dl>
        </section>
        {extras.errorAt === "password" && extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        <PasswordForm viewer={viewer} />

        <h2 id="sessions-heading">Signed-in sessions</h2>
        <SessionsTable
          sessions={signIns}
          revokeAction={(s) => `/portal/me/sessions/${s.id}/revoke`}
          viewer={viewer}
          labelledBy="sessions-heading"
        />

        <h2 id="tokens-heading">Personal access tokens</h2>
        {extras.pat ? (
          <ShownOnce id="new-token" label="Your new personal access token" value={extras.pat.accessToken} />
        ) : null}
        {extras.errorAt === "token" && extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        <SessionsTable
          sessions={pats}
          revokeAction={(s) => `/portal/me/tokens/${s.id}/revoke`}
          viewer={viewer}
          labelledBy="tokens-heading"
          empty="No personal access tokens."
        />
        {viewer.can("me/pat", "write") ? (
          <form method="post" action="/portal/me/tokens" class="card" aria-labelledby="new-token-heading">
            <h2 id="new-token-heading">Create a personal access token</h2>
            <CsrfField viewer={viewer} />
            <label for="description">Description</label>
            <input id="description" name="description" type="text" maxlength={500} required />
            <label for="scope">Scope</label>
            <input id="scope" name="scope" type="text" class="mono" required aria-describedby="scope-hint" />
            <p class="hint" id="scope-hint">
              Space-separated permissions, such as <code>iam/principals:read sendings:write</code>; at most your own.
            </p>
            <label for="expiresOn">Expires on</label>
            <input
              id="expiresOn"
              name="expiresOn"
              type="date"
              required
              min={dateInput(new Date(now + DAY_MS))}
              max={dateInput(new Date(now + 364 * DAY_MS))}
              value={dateInput(new Date(now + 90 * DAY_MS))}
            />
            <button type="submit">Create token</button>
          </form>
        ) : null}
      </Page>,
      status,
    );
  };

  app.get("/portal/me", (c) => page(c, { done: c.req.query("done") }));

  /** The only page a principal with a temporary password may use until it is changed. */
  app.get("/portal/me/password", (c) => {
    const viewer = c.get("viewer");
    return render(
      c,
      <Page title="Change your password" viewer={viewer} section="/portal/me">
        {viewer.me.passwordChangeRequired ? (
          <Notice kind="info">Your password is temporary: choose your own to go on.</Notice>
        ) : null}
        <PasswordForm viewer={viewer} />
      </Page>,
    );
  });

  app.post("/portal/me/password", async (c) => {
    const form = c.get("form");
    const answer = await api.call(c, "POST", "/resources/me/password", {
      body: { currentPassword: form.text("currentPassword"), newPassword: form.text("newPassword") },
    });
    if (answer.status === 204) return c.redirect("/portal/me?done=password", 303);
    if (c.get("viewer").me.passwordChangeRequired) {
      const viewer = c.get("viewer");
      return render(
        c,
        <Page title="Change your password" viewer={viewer} section="/portal/me">
          <ApiErrorNotice answer={answer} />
          <PasswordForm viewer={viewer} />
        </Page>,
        pageStatus(answer),
      );
    }
    return page(c, { error: answer, errorAt: "password" }, pageStatus(answer));
  });

  app.post("/portal/me/sessions/:id/revoke", async (c) => {
    const viewer = c.get("viewer");
    const id = c.req.param("id");
    const answer = await api.call(
      c,
      "DELETE",
      `/resources/iam/principals/${viewer.me.id}/sessions/${encodeURIComponent(id)}`,
    );
    if (answer.status !== 204) return page(c, { error: answer, errorAt: "token" }, pageStatus(answer));
    // Ending the portal's own session signs this browser out.
    if (id === viewer.me.sessionId) return c.redirect("/portal/login", 303);
    return c.redirect("/portal/me?done=session-revoked", 303);
  });

  app.post("/portal/me/tokens", async (c) => {
    const form = c.get("form");
    const day = form.text("expiresOn");
    const expiresAt = /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T23:59:59.000Z` : day;
    const answer = await api.call<Pat>(c, "POST", "/me/pat", {
      body: { description: form.text("description"), scope: form.text("scope"), expiresAt },
      headers: { "X-Client-Id": PORTAL_CLIENT_ID },
    });
    if (answer.status !== 201) return page(c, { error: answer, errorAt: "token" }, pageStatus(answer));
    return page(c, { pat: answer.body });
  });

  app.post("/portal/me/tokens/:id/revoke", async (c) => {
    const answer = await api.call(c, "DELETE", `/me/pat/${encodeURIComponent(c.req.param("id"))}`);
    if (answer.status !== 204) return page(c, { error: answer, errorAt: "token" }, pageStatus(answer));
    return c.redirect("/portal/me?done=token-revoked", 303);
  });

  return app;
};
