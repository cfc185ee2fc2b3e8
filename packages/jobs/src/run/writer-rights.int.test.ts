import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, json } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { appsContext } from "@platform/apps";
import { appBody, reportingCreateOrder as createOrder } from "@platform/apps/testing";
import { createClientWithToken, createPrincipalWithToken, defineTestRole, iamTestContext } from "@platform/iam/testing";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { sendingsContext } from "@platform/sendings";
import { createJobsContext } from "../index.ts";

let t: TestPlatform;
let owner: string;
beforeAll(async () => {
  t = await createTestPlatform([
    iamTestContext(),
    actorsContext,
    ordersContext,
    sendingsContext,
    appsContext,
    createJobsContext(),
  ]);
  owner = (await createPrincipalWithToken(t, { roles: ["system:owner"] })).token;
  const r = await t.request("PUT", "/resources/apps/make", { token: owner, body: appBody("make", { createOrder }) });
  expect(r.status).toBe(201);
});
afterAll(() => t?.close());

const etagOf = async (path: string) => (await t.request("GET", path, { token: owner })).headers.get("ETag")!;
let n = 0;
/** Schedules a job of the definition as the owner and waits for its outcome. */
const runJob = async (definitionId: string) => {
  const r = await t.request("POST", "/resources/jobs", {
    token: owner,
    body: { jobDefinitionId: definitionId, parameters: { order: orderBody(`JOB-${++n}`) } },
  });
  expect(r.status, await r.clone().text()).toBe(201);
  const { jobId } = await json(r);
  const outcome = async () => {
    const job = await json(await t.request("GET", `/resources/jobs/${jobId}`, { token: owner }));
    return job.status === "succeeded" || job.status === "failed"
      ? { status: job.status, result: job.result, error: job.error }
      : undefined;
  };
  await expect.poll(outcome, { timeout: 20_000 }).toBeDefined();
  return outcome();
};

describe(
  "rights handed on survive their maker no more: a job runs within its definition's writer's " + "current rights",
  () => {
    it(
      "a writer whose role loses the acl: the job's ctx is refused; suspended or deleted: the job " +
        "fails with that reason",
      async () => {
        await defineTestRole(t, "jobs:writers", ["job-definitions:*", "jobs:*", "actors/order:create"]);
        const writer = await createPrincipalWithToken(t, { roles: ["jobs:writers"] });
        const put = await t.request("PUT", "/resources/job-definitions/handed/create", {
          token: writer.token,
          body: { componentId: "make/createOrder", acl: ["actors/order:create"] },
        });
        expect(put.status, await put.clone().text()).toBe(201);
        expect(await runJob("handed/create")).toEqual({ status: "succeeded", result: { created: true }, error: null });

        const role = "/resources/iam/roles/jobs:writers";
        const narrowed = await t.request("PUT", role, {
          token: owner,
          headers: { "If-Match": await etagOf(role) },
          body: { description: "", acl: { entries: [{ resource: "job-definitions", permission: "*" }] } },
        });
        expect(narrowed.status, await narrowed.clone().text()).toBe(200);
        expect(await runJob("handed/create")).toEqual({
          status: "succeeded",
          result: { refused: "FORBIDDEN", message: "Requires actors/order:create" },
          error: null,
        });

        const path = `/resources/iam/principals/${writer.principalId}`;
        expect(
          (await t.request("POST", `${path}/suspend`, { token: owner, headers: { "If-Match": await etagOf(path) } }))
            .status,
        ).toBe(200);
        expect(await runJob("handed/create")).toEqual({
          status: "failed",
          result: null,
          error: "FORBIDDEN: The definition's writer is no longer active",
        });
        expect(
          (await t.request("DELETE", path, { token: owner, headers: { "If-Match": await etagOf(path) } })).status,
        ).toBe(204);
        expect(await runJob("handed/create")).toEqual({
          status: "failed",
          result: null,
          error: "FORBIDDEN: The definition's writer is no longer active",
        });
      },
    );

    it("an app's definitions end with the app's installer", async () => {
      const installer = await createClientWithToken(t, { scopes: ["apps:write", "apps:read", "actors/order:create"] });
      const body = appBody("brought", { createOrder }, [], {
        jobDefinitions: [{ id: "create", componentId: "createOrder", acl: ["actors/order:create"] }],
      });
      expect((await t.request("PUT", "/resources/apps/brought", { token: installer.token, body })).status).toBe(201);
      expect(await runJob("apps/brought/create")).toEqual({
        status: "succeeded",
        result: { created: true },
        error: null,
      });
      const path = `/resources/iam/clients/${installer.clientId}`;
      expect(
        (await t.request("DELETE", path, { token: owner, headers: { "If-Match": await etagOf(path) } })).status,
      ).toBe(204);
      expect(await runJob("apps/brought/create")).toEqual({
        status: "failed",
        result: null,
        error: "FORBIDDEN: The app's installer is no longer active",
      });
    });
  },
);
