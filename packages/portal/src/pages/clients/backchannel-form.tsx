import { CsrfField } from "../../html/layout.tsx";
import type { Viewer } from "../../session/viewer.ts";
import type { Client } from "./client-types.ts";

/**
 * The client's OpenID Connect back-channel logout settings: the URI its logout tokens are
 * POSTed to when one of its users' sessions ends (empty = none), and whether it needs `sid`.
 */
export const BackchannelForm = (p: {
  readonly viewer: Viewer;
  readonly client: Client;
  readonly etag: string;
  readonly action: string;
}) => (
  <form method="post" action={p.action} class="card" aria-labelledby="backchannel-heading">
    <h2 id="backchannel-heading">Back-channel logout</h2>
    <CsrfField viewer={p.viewer} />
    <input type="hidden" name="etag" value={p.etag} />
    <label for="backchannelLogoutUri">Logout URI</label>
    <input
      id="backchannelLogoutUri"
      name="backchannelLogoutUri"
      type="url"
      class="mono"
      maxlength={2000}
      value={p.client.backchannelLogoutUri ?? ""}
      aria-describedby="backchannel-hint"
    />
    <p class="hint" id="backchannel-hint">
      An https address of the application. When a user signs out, is suspended or deleted, or a token is revoked, the
      service POSTs a signed logout token there. Leave it empty to send none.
    </p>
    <label>
      <input
        type="checkbox"
        name="backchannelLogoutSessionRequired"
        value="yes"
        checked={p.client.backchannelLogoutSessionRequired}
      />{" "}
      The application needs the session id (sid)
    </label>
    <div>
      <button type="submit">Save logout URI</button>
    </div>
  </form>
);
