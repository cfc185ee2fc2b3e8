import { randomBytes } from "node:crypto";
import type { BenchSuite } from "../harness.ts";
import { load, startService } from "../service.ts";

/**
 * The OAuth endpoints of the real service under load: client_credentials token issuance
 * (a session row per request) and RFC 7662 introspection (a primary-key lookup), with
 * client_secret_basic authentication on every request.
 */
const suite: BenchSuite = {
  name: "oauth",
  async run(ctx) {
    const clientId = "bench-oauth-client";
    const secret = randomBytes(24).toString("base64url");
    const service = await startService(ctx.databaseUrl, { BOOTSTRAP_CLIENT_ID: clientId, BOOTSTRAP_CLIENT_SECRET: secret });
    try {
      const headers = { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` };
      const tokenOnce = () => fetch(`${service.url}/oauth/token`, { method: "POST", headers, body: "grant_type=client_credentials" });
      // The bootstrap client is written in the background at start: wait for it.
      let token: string | undefined;
      for (let i = 0; i < 100 && !token; i++) {
        const r = await tokenOnce();
        if (r.ok) token = ((await r.json()) as { access_token: string }).access_token;
        else await new Promise((res) => setTimeout(res, 100));
      }
      if (!token) throw new Error("the bootstrap client never got a token");
      const issue = await load({ url: `${service.url}/oauth/token`, seconds: ctx.seconds, method: "POST", headers, body: "grant_type=client_credentials" });
      const introspect = await load({ url: `${service.url}/oauth/introspect`, seconds: ctx.seconds, method: "POST", headers, body: `token=${token}` });
      return [
        { suite: "oauth", metric: "POST /oauth/token client_credentials", value: issue.perSecond, unit: "req/s", note: `p99 ${issue.p99} ms, non-2xx ${issue.non2xx}` },
        { suite: "oauth", metric: "POST /oauth/introspect", value: introspect.perSecond, unit: "req/s", note: `p99 ${introspect.p99} ms, non-2xx ${introspect.non2xx}` },
        { suite: "oauth", metric: "service peak RSS", value: service.peakRssMiB(), unit: "MiB" },
      ];
    } finally {
      await service.stop();
    }
  },
};

export default suite;
