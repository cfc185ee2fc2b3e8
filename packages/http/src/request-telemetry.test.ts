import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger, createPlatformMetrics } from "@platform/host";
import { onError } from "./errors.ts";
import { metricsRoute, requestTelemetry, routeTemplate } from "./request-telemetry.ts";

const TOKEN = "scrape-token-0123456789";

const appWith = (token: string | undefined) => {
  const metrics = createPlatformMetrics(true);
  const seen: string[] = [];
  const app = new Hono();
  app.use("*", requestTelemetry(metrics, createLogger("silent")));
  app.use("*", async (c, next) => {
    await next();
    seen.push(routeTemplate(c));
  });
  app.get("/metrics", metricsRoute(metrics, token));
  app.route(
    "/",
    new Hono()
      .get("/resources/jobs/:jobId", (c) => c.text("job"))
      .get("/files/:name{[a-z]+\\.txt}", (c) => c.text("file")),
  );
  app.onError(onError(createLogger("silent")));
  return { app, seen };
};

describe("request metrics", () => {
  it("labels a request by its route's template, never its path, and unmatched when no route answered", async () => {
    const { app, seen } = appWith(undefined);
    await app.request("/resources/jobs/0190a5e4-1111-7000-8000-000000000001");
    await app.request("/files/notes.txt");
    await app.request("/no/such/path/0190a5e4");
    expect(seen).toEqual(["/resources/jobs/{jobId}", "/files/{name}", "unmatched"]);
    const text = await (await app.request("/metrics")).text();
    expect(text).toContain(
      'http_server_request_duration_seconds_count{method="GET",route="/resources/jobs/{jobId}",status_code="200"} 1\n',
    );
    expect(text).toContain(
      'http_server_request_duration_seconds_count{method="GET",route="/files/{name}",status_code="200"} 1\n',
    );
    expect(text).toContain(
      'http_server_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1\n',
    );
    expect(text).not.toContain("0190a5e4");
  });

  it("asks for METRICS_TOKEN as a bearer token when one is set", async () => {
    const { app } = appWith(TOKEN);
    const refused = await app.request("/metrics");
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
    expect((await app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await app.request("/metrics", { headers: { Authorization: TOKEN } })).status).toBe(401);
    const ok = await app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(await ok.text()).toContain("# TYPE process_cpu_user_seconds_total counter");
  });
});
