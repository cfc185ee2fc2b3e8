import { describe, expect, it } from "vitest";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../api/api-client.ts";
import { viewerOf } from "../session/viewer.ts";
import type { Me } from "../session/viewer.ts";
import { HealthSection } from "./home-health.tsx";
import { loadHealth } from "./home-health-load.ts";
import type { Health } from "./home-health-load.ts";
import { parseReadiness } from "./home-readiness.ts";
import type { SendingsStatus, TransportHealth } from "./home-readiness.ts";

const READYZ = {
  ready: false,
  checks: {
    database: { ok: true, engine: "pglite" },
    projections: {
      ok: false,
      followers: [
        { name: "projection:jobs", mode: "inline", behind: 0 },
        {
          name: "projection:orders",
          mode: "follower",
          behind: 1000,
          lag: { samples: 9, p50Ms: 3, p99Ms: 41.6, maxMs: 50 },
        },
        { name: "reactor:sendings", mode: "follower", behind: 7 },
      ],
    },
    sendings: {
      ok: true,
      status: "warning",
      pending: 73,
      bounceRate24h: 0.0625,
      bounceRateHigh: true,
      smtpConfigured: false,
      transports: {
        email: { configured: false, status: "warning", pending: 70, bounceRate24h: 0.0625, bounceRateHigh: true },
        sms: { configured: true, status: "healthy", pending: 3, bounceRate24h: 0, bounceRateHigh: false },
        push: { configured: false, status: "healthy", pending: 0, bounceRate24h: 0, bounceRateHigh: false },
      },
    },
  },
};

/** The section as HTML text with its tags stripped, one space between words. */
const text = async (health: Health) =>
  String(await HealthSection({ health }).toString())
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("parseReadiness", () => {
  it("reads ready, every follower with its p99 lag, and the sendings check", () => {
    expect(parseReadiness(READYZ)).toEqual({
      ready: false,
      followers: [
        { name: "projection:jobs", mode: "inline", behind: 0, p99Ms: null },
        { name: "projection:orders", mode: "follower", behind: 1000, p99Ms: 41.6 },
        { name: "reactor:sendings", mode: "follower", behind: 7, p99Ms: null },
      ],
      sendings: {
        level: "warning",
        pending: 73,
        bounceRate24h: 0.0625,
        bounceRateHigh: true,
        smtpConfigured: false,
        transports: [
          {
            transport: "email",
            configured: false,
            level: "warning",
            pending: 70,
            bounceRate24h: 0.0625,
            bounceRateHigh: true,
          },
          { transport: "sms", configured: true, level: "healthy", pending: 3, bounceRate24h: 0, bounceRateHigh: false },
          {
            transport: "push",
            configured: false,
            level: "healthy",
            pending: 0,
            bounceRate24h: 0,
            bounceRateHigh: false,
          },
        ],
      },
    });
  });

  it(
    "has no followers while the database is down, no sendings without the context, and a failed " +
      "check as unavailable",
    () => {
      expect(
        parseReadiness({ ready: false, checks: { database: { ok: false, error: "down" }, migrations: { ok: true } } }),
      ).toEqual({ ready: false, followers: undefined, sendings: undefined });
      expect(parseReadiness({ ready: false, checks: { sendings: { ok: false, error: "timeout" } } })?.sendings).toBe(
        "unavailable",
      );
      // A check without transports (a service from before SMS and push) or with one this page cannot read: the rest
      // still counts.
      const { transports: _, ...beforeTransports } = READYZ.checks.sendings;
      expect(parseReadiness({ ready: true, checks: { sendings: beforeTransports } })?.sendings).toMatchObject({
        pending: 73,
        transports: "unavailable",
      });
      const badSms = {
        ...READYZ.checks.sendings.transports,
        sms: { configured: "yes", status: "healthy", pending: 3, bounceRate24h: 0, bounceRateHigh: false },
      };
      expect(
        parseReadiness({ ready: true, checks: { sendings: { ...READYZ.checks.sendings, transports: badSms } } })
          ?.sendings,
      ).toMatchObject({ pending: 73, transports: "unavailable" });
      expect(
        parseReadiness({
          ready: true,
          checks: { projections: { followers: [{ name: "x", behind: -1, mode: "follower" }] } },
        })?.followers,
      ).toBeUndefined();
      expect(parseReadiness("<html>bad gateway</html>")).toBeUndefined();
      expect(parseReadiness(null)).toBeUndefined();
    },
  );
});

describe("the health section", () => {
  it(
    "shows not ready, the followers behind (at the cap as 'or more'), the sendings queue, " +
      "failed jobs and the queues' due jobs",
    async () => {
      const shown = await text({
        readiness: parseReadiness(READYZ)!,
        failed: { count: 4, since: "2026-03-02T08:00:00.000Z" },
        queues: { items: [{ queue: "default", paused: false, pending: 5, running: 1, due: 3 }], totalCount: 1 },
      });
      expect(shown).toContain("Service Not ready");
      expect(shown).toContain("Followers behind 2 of 3 projections and reactors");
      expect(shown).toContain("projection:orders follower 1000 or more 42 ms");
      expect(shown).toContain("reactor:sendings follower 7 —");
      expect(shown).not.toContain("projection:jobs");
      expect(shown).toContain(
        "Sendings queue 73 pending warning Bounce rate, last 24 hours: 6.3 % (above 5 %) · not " +
          "configured: Email, Push Failed jobs",
      );
      expect(shown).toContain("Failed jobs, last hour 4 Since 2026-03-02 08:00 UTC");
      expect(shown).toContain("Queue State Due now Pending, due or not Running default running 3 5 1");
    },
  );

  it(
    "names the transports whose sendings stay pending, from SMTP alone when the check lists no " + "transports",
    async () => {
      const sendings = parseReadiness(READYZ)!.sendings as SendingsStatus;
      const tile = (s: SendingsStatus) => text({ readiness: { ready: true, followers: [], sendings: s } });
      const everyConfigured = (sendings.transports as TransportHealth[]).map((t) => ({ ...t, configured: true }));
      expect(await tile({ ...sendings, transports: everyConfigured })).toMatch(
        /Sendings queue 73 pending warning Bounce rate, last 24 hours: 6\.3 % \(above 5 %\)$/,
      );
      expect(await tile({ ...sendings, transports: "unavailable" })).toMatch(
        /6\.3 % \(above 5 %\) · not configured: Email$/,
      );
      expect(await tile({ ...sendings, smtpConfigured: true, transports: "unavailable" })).toMatch(
        /6\.3 % \(above 5 %\)$/,
      );
    },
  );

  it("says unavailable for each part the API did not answer, and leaves out what the viewer may not read", async () => {
    expect(await text({ readiness: "unavailable", failed: "unavailable", queues: "unavailable" })).toBe(
      "Service health Service unavailable GET /readyz did not answer. Failed jobs, last hour " +
        "unavailable Job queues unavailable",
    );
    const shown = await text({
      readiness: { ready: true, followers: [], sendings: undefined },
      queues: { items: [{ queue: "default", paused: true, pending: 2, running: 0 }], totalCount: 1 },
    });
    expect(shown).toBe(
      "Service health Service Ready Taking traffic: /readyz answers 200. Followers behind 0 of 0 " +
        "projections and reactors Job queues Queue State Pending, due or not Running default paused " +
        "2 0",
    );
  });
});

describe("loadHealth", () => {
  const me: Me = {
    kind: "principal",
    id: "p",
    principal: null,
    roles: [],
    scope: ["jobs:read", "job-queues:read"],
    isOwner: false,
    sessionId: "s",
    passwordChangeRequired: false,
  };
  const now = new Date("2026-03-02T09:00:00.000Z");

  it("asks the API as the viewer and keeps a part that failed from taking the others with it", async () => {
    const asked: string[] = [];
    const answers: Record<string, () => ApiAnswer> = {
      "/readyz": () => ({ status: 503, body: READYZ, etag: null }),
      "/resources/job-queues?limit=20": () => ({
        status: 200,
        body: {
          jobQueues: [
            { queue: "default", paused: false, pending: 2, running: 0 },
            { queue: "held", paused: true, pending: 3, running: 0 },
          ],
          totalCount: 2,
        },
        etag: null,
      }),
      "/resources/jobs?status=failed&finishedAfter=2026-03-02T08%3A00%3A00.000Z&limit=1": () => ({
        status: 200,
        body: { jobs: [], totalCount: 6 },
        etag: null,
      }),
      "/resources/jobs?status=pending&queue=default&runAtBefore=2026-03-02T09%3A00%3A00.000Z&limit=1": () => {
        throw new Error("gateway down");
      },
      "/resources/jobs?status=pending&queue=held&runAtBefore=2026-03-02T09%3A00%3A00.000Z&limit=1": () => ({
        status: 200,
        body: { jobs: [], totalCount: 2 },
        etag: null,
      }),
    };
    const api = {
      call: async (_c: Context, method: string, path: string) => {
        asked.push(`${method} ${path}`);
        const answer = answers[path];
        if (!answer) throw new Error(`unexpected ${path}`);
        return answer();
      },
    } as unknown as ApiClient;
    const health = await loadHealth(api, {} as Context, viewerOf(me, "csrf"), now);
    expect(health.readiness).toMatchObject({ ready: false });
    expect(health.failed).toEqual({ count: 6, since: "2026-03-02T08:00:00.000Z" });
    expect(health.queues).toEqual({
      items: [
        { queue: "default", paused: false, pending: 2, running: 0, due: "unavailable" },
        { queue: "held", paused: true, pending: 3, running: 0, due: 2 },
      ],
      totalCount: 2,
    });
    expect(asked.every((a) => a.startsWith("GET "))).toBe(true);

    // Without jobs:read: no failed jobs and no due counts asked for; without job-queues:read no queues either.
    asked.length = 0;
    const queuesOnly = await loadHealth(
      api,
      {} as Context,
      viewerOf({ ...me, scope: ["job-queues:read"] }, "csrf"),
      now,
    );
    expect(queuesOnly.failed).toBeUndefined();
    expect(queuesOnly.queues).toEqual({
      items: [
        { queue: "default", paused: false, pending: 2, running: 0 },
        { queue: "held", paused: true, pending: 3, running: 0 },
      ],
      totalCount: 2,
    });
    expect(asked).toEqual(["GET /readyz", "GET /resources/job-queues?limit=20"]);
    asked.length = 0;
    expect(await loadHealth(api, {} as Context, viewerOf({ ...me, scope: ["sendings:read"] }, "csrf"), now)).toEqual({
      readiness: parseReadiness(READYZ),
    });
    expect(asked).toEqual(["GET /readyz"]);

    // Every call refused or failing: every part unavailable, and still an answer.
    const broken = {
      call: async () => ({ status: 500, body: { error: { code: "INTERNAL", message: "x" } }, etag: null }),
    } as unknown as ApiClient;
    expect(await loadHealth(broken, {} as Context, viewerOf(me, "csrf"), now)).toEqual({
      readiness: "unavailable",
      queues: "unavailable",
      failed: "unavailable",
    });
  });
});
