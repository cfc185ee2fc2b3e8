import { randomBytes } from "node:crypto";
import type { BenchSuite } from "../harness.ts";
import { baselineTxPerSecond, load, startService } from "../service.ts";
import { revocationRounds } from "../revocation.ts";

/**
 * The OAuth endpoints of the real service under load: client_credentials token issuance
 * (a session row per request) and RFC 7662 introspection (a primary-key lookup), with
 * client_secret_basic authentication on every request. Then revocation: a token revoked
 * through one process is refused on the very next request, by that process and by a
 * second one of the same deployment.
 */
const suite: BenchSuite = {
  name: "oauth",
  async run(ctx) {
    const clientId = "bench-oauth-client";
    const secret = randomBytes(24).toString("base64url");
    const service = await startService(ctx.databaseUrl, {
      BOOTSTRAP_CLIENT_ID: clientId,
      BOOTSTRAP_CLIENT_SECRET: secret,
    });
    try {
      const headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
      };
      const tokenOnce = () =>
        fetch(`${service.url}/oauth/token`, { method: "POST", headers, body: "grant_type=client_credentials" });
      // The bootstrap client is written in the background at start: wait for it.
      let token: string | undefined;
      for (let i = 0; i < 100 && !token; i++) {
        const r = await tokenOnce();
        if (r.ok) token = ((await r.json()) as { access_token: string }).access_token;
        else await new Promise((res) => setTimeout(res, 100));
      }
      if (!token) throw new Error("the bootstrap client never got a token");
      const issue = await load({
        url: `${service.url}/oauth/token`,
        seconds: ctx.seconds,
        method: "POST",
        headers,
        body: "grant_type=client_credentials",
      });
      const introspect = await load({
        url: `${service.url}/oauth/introspect`,
        seconds: ctx.seconds,
        method: "POST",
        headers,
        body: `token=${token}`,
      });
      const peer = await startService(ctx.databaseUrl, { ROLES: "gateway" }, { schema: service.schema });
      const revoked = await revocationRounds({ issuer: service.url, other: peer.url, headers, rounds: 200 }).finally(
        () => peer.stop(),
      );
      const baseline = baselineTxPerSecond(ctx.results);
      return [
        {
          suite: "oauth",
          metric: "POST /oauth/token client_credentials",
          value: issue.perSecond,
          unit: "req/s",
          note: `p99 ${issue.p99} ms, non-2xx ${issue.non2xx}`,
        },
        ...(baseline
          ? [
              {
                suite: "oauth",
                metric: "client_credentials grants / raw-SQL baseline",
                value: (issue.perSecond / baseline) * 100,
                unit: "%",
                note: "goal >= 40%",
              },
            ]
          : []),
        {
          suite: "oauth",
          metric: "revoked token refused on the very next request (same process)",
          value: revoked.sameRefused,
          unit: `of ${revoked.rounds}`,
          note: `next request ${revoked.sameP50Ms.toFixed(1)} ms p50`,
        },
        {
          suite: "oauth",
          metric: "revoked token refused on the very next request (second process)",
          value: revoked.otherRefused,
          unit: `of ${revoked.rounds}`,
          note: `next request ${revoked.otherP50Ms.toFixed(1)} ms p50`,
        },
        {
          suite: "oauth",
          metric: "POST /oauth/introspect",
          value: introspect.perSecond,
          unit: "req/s",
          note: `p99 ${introspect.p99} ms, non-2xx ${introspect.non2xx}`,
        },
        { suite: "oauth", metric: "service peak RSS", value: service.peakRssMiB(), unit: "MiB" },
      ];
    } finally {
      await service.stop();
    }
  },
};

export default suite;
