import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { orderBody } from "@platform/orders/testing";
import { useKitService } from "./support/kit-service.ts";
import { platformCommand } from "@platform/app-kit/testing";

// A failed run recorded by a running service (the engine this run uses), read through the API and replayed with
// `platform apps replay` on the folder as it was, fixed, and changed to make another ctx call.
const kit = useKitService("replay");
const { work } = kit;
const app = join(work, "pay");
const saved = join(work, "record.json");

const platform = (...args: string[]) => platformCommand(args, { env: { PLATFORM_TOKEN: kit.token } });

/** The component: creates the order, draws a reference from Math.random, the clock and an id, and fails over LIMIT. */
const component = (limit: number, before = "") => `
export const parameters = { amount: { type: "number" }, order: { type: "object" } } as const;
export default async function pay(params: { amount: number; order: unknown }, ctx: any) {
  ${before}
  const created = await ctx.messageActor("order", "new", [{ type: "create", body: params.order }]);
  const ref = Math.floor(Math.random() * 1e9) + "-" + new Date().toISOString() + "-" + crypto.randomUUID();
  console.log("paying", params.amount, "ref", ref);
  if (params.amount > ${limit}) throw new Error("amount " + params.amount + " over the limit, ref " + ref);
  return { paid: created.results[0].ok, ref };
}
`;
const writeComponent = (source: string) => writeFileSync(join(app, "components", "pay.ts"), source);

beforeAll(async () => {
  mkdirSync(join(app, "components"), { recursive: true });
  writeFileSync(
    join(app, "manifest.json"),
    JSON.stringify({
      id: "pay",
      name: "Pay",
      components: [{ id: "pay" }],
      ingresses: [
        {
          id: "pay",
          componentId: "pay",
          acl: ["actors/order:create"],
          type: "http",
          properties: { route: "pay", httpMethod: "POST", body: { mode: "structured" }, isPublic: true },
        },
      ],
    }),
  );
  writeComponent(component(100));
  expect((await platform("apps", "deploy", app, "--url", kit.url)).code).toBe(0);
});

describe("platform apps replay", () => {
  let runId = "";
  let record: { logs: { line: string }[]; errorMessage: string; calls: unknown[] };

  it("the failed run is recorded under the id its answer carries", async () => {
    const answer = await fetch(`${kit.url}/ingress/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount: 150, order: orderBody("PAY-1") }),
    });
    expect(answer.status).toBe(502);
    runId = answer.headers.get("x-run-id")!;
    const read = await fetch(`${kit.url}/resources/apps/pay/runs/${runId}`, {
      headers: { authorization: `Bearer ${kit.token}` },
    });
    expect(read.status).toBe(200);
    record = (await read.json()) as typeof record;
    expect(record).toMatchObject({ outcome: "error", componentId: "pay", trigger: "ingress" });
    expect(record.errorMessage).toMatch(/^Error: amount 150 over the limit, ref \d+-\d{4}-\S+Z-[0-9a-f-]{36}$/);
    expect(record.logs).toHaveLength(1);
    expect(record.calls).toHaveLength(1);
  });

  it("the old code reproduces the failure exactly: the same logs and message, no divergence, exit 1", async () => {
    const r = await platform("apps", "replay", runId, app, "--app", "pay", "--url", kit.url, "--save", saved);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(new RegExp(`^replaying run ${runId} of pay/pay \\(\\S+, error: .*\\) with ${app}$`));
    expect(lines.slice(1)).toEqual([
      `[pay ${runId}] ${record.logs[0]!.line}`,
      "no divergence: every ctx call was the recorded one, in order, with the same arguments",
      `outcome: 502 COMPONENT_FAILED ${record.errorMessage}`,
    ]);
    expect(JSON.parse(readFileSync(saved, "utf8")).runId).toBe(runId);
  });

  it("the fixed code passes on the same run, offline from the saved record: exit 0", async () => {
    writeComponent(component(1000));
    const r = await platform("apps", "replay", runId, app, "--file", saved);
    expect([r.code, r.stderr]).toEqual([0, ""]);
    const lines = r.stdout.trim().split("\n");
    expect(lines[1]).toBe(`[pay ${runId}] ${record.logs[0]!.line}`);
    expect(lines[2]).toBe("no divergence: every ctx call was the recorded one, in order, with the same arguments");
    const ref = /ref (\S+)$/.exec(record.errorMessage)![1];
    expect(lines[3]).toBe(`outcome: ok (200) {"paid":true,"ref":"${ref}"}`);
  });

  it("a change that makes another ctx call first is reported where it parts from the record", async () => {
    writeComponent(component(1000, 'await ctx.sendEmail({ to: "ops@example.com", subject: "paying" });'));
    const r = await platform("apps", "replay", runId, app, "--file", saved);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    expect(lines[1]).toMatch(/^divergence at ctx call 1: the recorded run made ctx\.messageActor\("order", "new", /);
    expect(lines[2]).toBe('  now ctx.sendEmail({"to":"ops@example.com","subject":"paying"})');
    expect(lines[3]).toBe(
      "outcome: 502 COMPONENT_FAILED Error: ctx.sendEmail: the recorded run has no answer for this call (the replay " +
        "diverged)",
    );
  });

  it("refuses a run it may not read, and says which run it needs", async () => {
    const none = await platform(
      "apps",
      "replay",
      "00000000-0000-4000-8000-000000000000",
      app,
      "--app",
      "pay",
      "--url",
      kit.url,
    );
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(
      /^refused: 404 NOT_FOUND Run 00000000-0000-4000-8000-000000000000 of app pay not found/,
    );
    const usage = await platform("apps", "replay", runId, app, "--url", kit.url);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/replay needs the run's app \(--app APP_ID\)/);
  });
});
