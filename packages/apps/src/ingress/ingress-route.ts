import { Hono } from "hono";
import type { Context } from "hono";
import { DomainError, newId } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import {
  bearerAuth,
  clientAddress,
  getCaller,
  getRequestId,
  readJson,
  requestInitiator,
  sendError,
} from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import type { AppsRuntime } from "../apps-runtime.ts";
import { componentCtx } from "./component-ctx.ts";
import { currentMakers } from "./current-makers.ts";
import type { IngressEntry } from "./ingress-table.ts";
import { observedRun } from "../components/run-metrics.ts";
import { runCaller } from "./run-caller.ts";
import { recordedRun } from "../runs/recorded-run.ts";
import type { RecordedRequest } from "../runs/run-record.ts";
import type { Json, RunResult } from "@platform/sandbox";
import type { GatewayEnv } from "@platform/http";
import { ports } from "@platform/ports";

const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/**
 * The event metadata of a run: the request's (caller if any, request, correlation, causation), and the app, component
 * and ingress.
 */
const runInitiator = (c: Context, entry: IngressEntry): Initiator => ({
  ...requestInitiator(c),
  appId: entry.appId,
  componentId: entry.ingress.componentId,
  ingressId: entry.ingress.id,
});

/** A structured body: a JSON object (GET and DELETE take none; their component gets `{}`). */
const inputOf = async (c: Context, method: string): Promise<unknown> => {
  if (!WITH_BODY.has(method)) return {};
  const body = await readJson(c);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new DomainError("VALIDATION_FAILED", "The body must be a JSON object of the component's parameters", [
      { path: "(body)", message: "must be a JSON object" },
    ]);
  return body;
};

/** Headers a record never keeps: they are the caller's credentials. */
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);

/** The request as a run's record keeps it: its body is the component's params (null for GET and DELETE). */
const recordedRequest = (c: Context, method: string, input: unknown): RecordedRequest => ({
  method,
  path: c.req.path,
  query: c.req.query(),
  headers: Object.fromEntries(Object.entries(c.req.header()).filter(([name]) => !SECRET_HEADERS.has(name))),
  body: WITH_BODY.has(method) ? (input as Json) : null,
});

/**
 * `/ingress/<route>` (docs/APPS.md, "The ingress"): the method the manifest names (another → 405 with
 * `Allow`), unless the ingress is public a bearer token holding `ingress/<appId>/<ingressId>:invoke`,
 * the rate limit per caller, the installer still active, then the component in the sandbox
 * with its body as parameters. Its return value is the 200 body; its failures
 * are 400 VALIDATION_FAILED, 502 COMPONENT_FAILED and 504 COMPONENT_TIMEOUT (not logged as
 * platform errors: they are the component's). Every answer of a run carries its id (`x-run-id`), by which a recorded
 * run is read (runs/recorded-run.ts).
 */
export const ingressRoutes = (deps: PlatformDeps, apps: AppsRuntime): Hono<GatewayEnv> => {
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  const app = new Hono<GatewayEnv>();
  app.all("/ingress/*", async (c) => {
    await apps.table.start();
    const route = c.req.path.slice("/ingress/".length);
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    const entry = apps.table.match(method, route);
    if (!entry) {
      const allowed = apps.table.methods(route);
      if (allowed.length === 0) throw new DomainError("NOT_FOUND", `No ingress at /ingress/${route}`);
      c.header("Allow", allowed.join(", "));
      return sendError(c, new DomainError("METHOD_NOT_ALLOWED", `/ingress/${route} accepts ${allowed.join(", ")}`));
    }
    let caller: Caller | undefined;
    if (!entry.ingress.properties.isPublic) {
      await auth(c, async () => undefined);
      caller = getCaller(c);
      const resource = `ingress/${entry.appId}/${entry.ingress.id}`;
      if (!caller.can(resource, "invoke")) throw new DomainError("FORBIDDEN", `Requires ${resource}:invoke`);
    }
    // Counted per caller once it is known (per address for a public ingress), so nobody can use up another's quota.
    const who = async () =>
      caller ? `${caller.kind}:${caller.id}` : `address:${await clientAddress(c, deps.config.trustProxy)}`;
    const wait = apps.limiter.enabled ? apps.limiter.take(`${entry.appId}/${entry.ingress.id}/${await who()}`) : 0;
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      return sendError(
        c,
        new DomainError(
          "RATE_LIMITED",
          `Ingress ${entry.ingress.id} of app ${entry.appId} is over its rate; retry in ${wait} s`,
        ),
      );
    }
    const makers = await currentMakers(deps, [{ maker: entry.installedBy, as: "The app's installer" }]);
    const input = await inputOf(c, method);
    const ctx = componentCtx(deps, runCaller(entry.ingress.acl, makers, caller), runInitiator(c, entry));
    const componentId = entry.ingress.componentId;
    const runId = newId();
    const log = { appId: entry.appId, componentId, ingressId: entry.ingress.id, requestId: getRequestId(c), runId };
    const recording = recordedRun(
      deps,
      apps.runs,
      {
        runId,
        appId: entry.appId,
        componentId,
        appVersion: entry.appVersion,
        trigger: "ingress",
        params: input,
        request: () => recordedRequest(c, method, input),
        ingressId: entry.ingress.id,
        ...(caller?.principalId ? { principalId: caller.principalId } : {}),
      },
      ctx.functions,
      { onConsole: (level, line) => deps.log.debug({ ...log, level, line }, "component console") },
    );
    c.header("x-run-id", recording.runId);
    const ran = await observedRun(deps, "ingress", `${entry.appId}/${componentId}`, recording.options, (options) =>
      entry.component.run(input, recording.functions, options),
    );
    await ctx.settled();
    const refused = ctx.refusedEmit();
    const result: RunResult =
      ran.ok && refused
        ? {
            ok: false,
            error: {
              code: "COMPONENT_FAILED",
              message: `ctx.emit was refused: ${refused.message}`,
              details: { code: refused.code },
            },
          }
        : ran;
    await recording.finish(result);
    if (!result.ok) {
      deps.log.debug({ ...log, code: result.error.code, message: result.error.message }, "component run failed");
      throw new DomainError(result.error.code, result.error.message, result.error.details);
    }
    return c.json(result.value ?? null, 200);
  });
  return app;
};
