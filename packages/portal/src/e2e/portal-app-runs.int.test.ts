import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { appBody, componentSource } from "@platform/apps/testing";
import { orderBody } from "@platform/orders/testing";
import { PASSWORD, h1, newPage, signIn, startPortalWorld, tableCells } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

let world: PortalWorld;
beforeAll(async () => {
  world = await startPortalWorld();
});
afterAll(() => world?.close());

/** Creates an order, logs a line holding markup, and throws for a name starting with "boom". */
const greet = componentSource(
  `const made = await ctx.messageActor("order", "new", [{ type: "create", body: params.order }]);
  console.log("<script>window.pwned = 1</script> greeting", params.name);
  if (params.name.startsWith("boom")) throw new Error("cannot greet " + params.name);
  return { hello: params.name, created: made.results[0].ok };`,
  '{ name: { type: "text" }, order: { type: "object" } }',
);

const NAME = `boom <script>window.pwned = 2</script> "quoted"`;
const LOG_LINE = `<script>window.pwned = 1</script> greeting ${NAME}`;
const MESSAGE = `Error: cannot greet ${NAME}`;

describe("an app's recorded runs in the portal", () => {
  it.skipIf(skipBrowserTests)(
    "lists the app's failed runs; a run's page shows its input, ctx calls, logs (as text) and replay command; " +
      "a viewer without apps/<appId>:debug reads one line instead",
    async () => {
      const { server, api } = world;
      const owner = await createPrincipalWithToken(server.t, {
        roles: ["system:owner"],
        password: PASSWORD,
        email: "runs-owner@example.test",
      });
      const reader = await createPrincipalWithToken(server.t, {
        acl: ["apps:read", "me:*"],
        password: PASSWORD,
        email: "runs-reader@example.test",
      });
      const put = await api("/resources/apps/greeter", owner.token, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(
          appBody("greeter", { greet }, [{ route: "greeter/greet", acl: ["actors/order:create"] }], {
            name: "Greeter",
          }),
        ),
      });
      expect(put.status, await put.clone().text()).toBe(201);

      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, "/portal/apps/greeter");
      await expect.poll(() => h1(page)).toBe("Greeter");
      const runsText = () => page.locator("#runs-heading + *").innerText();
      expect(await runsText()).toBe("No failed run is recorded (records are kept for a few days).");

      const sent = { name: NAME, order: orderBody("RUN-2") };
      const call = (body: unknown) =>
        fetch(`${server.url}/ingress/greeter/greet?source=portal-test`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Trace": "<b>trace</b>" },
          body: JSON.stringify(body),
        });
      expect((await call({ name: "Ada", order: orderBody("RUN-1") })).status).toBe(200);
      const thrown = await call(sent);
      expect(thrown.status).toBe(502);
      const runId = thrown.headers.get("x-run-id")!;
      expect(runId).toMatch(/^[0-9a-f-]{36}$/);

      await page.reload();
      // The ok run is not recorded (APPS_RECORD_RUNS=failed): the one row is the failed run.
      expect(await tableCells(page, "Recent failed runs")).toEqual([
        [expect.stringMatching(/ UTC$/), "greet", "ingress", "error", MESSAGE],
      ]);
      await screenshotWidths(page, "portal-app-runs");

      await page.getByRole("table", { name: "Recent failed runs", exact: true }).getByRole("link").click();
      await page.waitForURL(`${server.url}/portal/apps/greeter/runs/${runId}`);
      expect(await h1(page)).toBe("Run of greeter/greet");
      const facts = await page.locator("dl.facts").first().innerText();
      expect(facts).toContain(runId);
      expect(facts).toMatch(/Trigger\s+ingress greet/);
      expect(facts).toMatch(/Outcome\s+error/);
      expect(JSON.parse(await page.getByLabel("Error", { exact: true }).innerText())).toEqual({
        code: "COMPONENT_FAILED",
        message: MESSAGE,
        details: { stack: expect.stringMatching(/^ +at run \(component\.js:\d+:\d+\)$/) },
      });
      const params = JSON.parse(await page.getByLabel("Params", { exact: true }).innerText());
      expect(params).toEqual(sent);
      expect(await tableCells(page, "Query")).toEqual([["source", "portal-test"]]);
      expect(await tableCells(page, "Headers")).toContainEqual(["x-trace", "<b>trace</b>"]);

      const calls = await tableCells(page, "ctx calls");
      expect(calls).toHaveLength(1);
      expect(calls[0]!.slice(0, 2)).toEqual(["1", "ctx.messageActor"]);
      expect(JSON.parse(`[${calls[0]![2]}]`)).toEqual(["order", "new", [{ type: "create", body: params.order }]]);
      expect(JSON.parse(calls[0]![3]!)).toMatchObject({ results: [{ ok: true }] });

      // The markup the component logged and its caller sent is text: shown as written, and nothing of it ran.
      expect(await tableCells(page, "Logs")).toEqual([["log", LOG_LINE]]);
      expect(await page.evaluate("typeof window.pwned")).toBe("undefined");
      expect(await page.locator("main script, main b").count()).toBe(0);

      const command = `npx platform apps replay ${runId} DIR --app greeter --url ${server.url}`;
      expect(await page.locator("#replay-command").innerText()).toBe(command);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
      await page.getByRole("button", { name: "Copy" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Copied" }).count()).toBe(1);
      expect(await page.evaluate("navigator.clipboard.readText()")).toBe(command);
      await screenshotWidths(page, "portal-app-run");

      const unknown = await page.goto(`${server.url}/portal/apps/greeter/runs/00000000-0000-4000-8000-000000000000`);
      expect(unknown?.status()).toBe(404);
      expect(await h1(page)).toBe("Run not found");
      expect(failed).toEqual([]);
      await context.close();

      const other = await world.newContext();
      const readerPage = await newPage(other.context);
      await signIn(readerPage, server.url, reader.email, "/portal/apps/greeter");
      await expect.poll(() => h1(readerPage)).toBe("Greeter");
      expect(await readerPage.locator("#runs-heading + *").innerText()).toBe(
        "Recorded runs need apps/greeter:debug (or apps:debug), which you do not hold.",
      );
      expect(await readerPage.getByRole("table", { name: "Recent failed runs" }).count()).toBe(0);
      const refused = await readerPage.goto(`${server.url}/portal/apps/greeter/runs/${runId}`);
      expect(refused?.status()).toBe(403);
      expect(await readerPage.locator("main").innerText()).not.toContain(LOG_LINE);
      expect(other.failed).toEqual([]);
      await other.context.close();
    },
  );
});
