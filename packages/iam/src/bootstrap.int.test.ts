import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { runBootstrap } from "./bootstrap.ts";
import { iamInternalsKey } from "./internals.ts";
import { createPrincipalWithToken, iamTestContext } from "./testing/index.ts";

const env = {
  BOOTSTRAP_OWNER_EMAIL: "Root@Example.com",
  BOOTSTRAP_OWNER_PASSWORD: "Sturdy-Lantern-93",
  BOOTSTRAP_CLIENT_ID: "bootstrap-sa",
  BOOTSTRAP_CLIENT_SECRET: "a-long-bootstrap-secret-value",
};

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform([iamTestContext()], env);
});
afterAll(() => t.close());

describe("bootstrap from the environment", () => {
  it("creates an owner with password login and a service account with the given secret", async () => {
    const iam = t.platform.ports.get(iamInternalsKey).service;
    const login = await iam.verifyPrincipalPassword("root@example.com", "Sturdy-Lantern-93");
    const owner = await iam.getPrincipal(login.principalId);
    expect(owner).toMatchObject({ email: "Root@Example.com", roles: ["system:owner"], passwordLogin: true });
    const client = await iam.authenticateClient("bootstrap-sa", "a-long-bootstrap-secret-value");
    expect(client).toMatchObject({
      roles: ["system:owner"],
      grantTypes: ["client_credentials"],
      type: "service_account",
    });
    const s = await iam.issueSession({
      subject: { kind: "client", id: "bootstrap-sa" },
      clientId: "bootstrap-sa",
      type: "api",
      withRefresh: false,
    });
    expect((await t.request("GET", "/resources/iam/principals", { token: s.accessToken })).status).toBe(200);
  });

  it("is idempotent: running it again changes nothing", async () => {
    const before = (await t.platform.store.readAll({ limit: 10_000 })).length;
    await runBootstrap(t.platform.ports.get(iamInternalsKey));
    await runBootstrap(t.platform.ports.get(iamInternalsKey));
    expect((await t.platform.store.readAll({ limit: 10_000 })).length).toBe(before);
    const secrets = await t.platform.db.pool.query(
      "SELECT id FROM iam_client_secrets WHERE client_id = 'bootstrap-sa'",
    );
    expect(secrets.rows).toHaveLength(1);
  });

  it("a deleted bootstrap secret is not added back at the next start: a warning says so", async () => {
    const iam = t.platform.ports.get(iamInternalsKey);
    const owner = await createPrincipalWithToken(t, { roles: ["system:owner"] });
    const rotated = await t.request("POST", "/resources/iam/clients/bootstrap-sa/secrets", {
      token: owner.token,
      body: { description: "rotated" },
    });
    expect(rotated.status).toBe(201);
    const [bootstrapSecret] = (await iam.secrets.list("bootstrap-sa")).filter((x) => x.description === "bootstrap");
    expect(
      (
        await t.request("DELETE", `/resources/iam/clients/bootstrap-sa/secrets/${bootstrapSecret!.id}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(204);
    const warn = vi.spyOn(iam.log, "warn");
    try {
      await runBootstrap(iam);
      expect(warn).toHaveBeenCalledWith(
        { clientId: "bootstrap-sa" },
        "BOOTSTRAP_CLIENT_SECRET is not a secret of the bootstrap client any more (deleted or " +
          "rotated); it is not added back",
      );
    } finally {
      warn.mockRestore();
    }
    expect((await iam.secrets.list("bootstrap-sa")).map((x) => x.description)).toEqual(["rotated"]);
    await expect(
      t.platform.ports.get(iamInternalsKey).service.authenticateClient("bootstrap-sa", "a-long-bootstrap-secret-value"),
    ).rejects.toMatchObject({ message: "invalid client secret" });
  });

  it("a deleted bootstrap client is not created again at the next start: a warning says so", async () => {
    const iam = t.platform.ports.get(iamInternalsKey);
    const owner = await createPrincipalWithToken(t, { roles: ["system:owner"] });
    expect((await t.request("DELETE", "/resources/iam/clients/bootstrap-sa", { token: owner.token })).status).toBe(204);
    const before = (await t.platform.store.readAll({ limit: 10_000 })).length;
    const warn = vi.spyOn(iam.log, "warn");
    try {
      await runBootstrap(iam);
      expect(warn).toHaveBeenCalledWith(
        { clientId: "bootstrap-sa" },
        "the bootstrap client was deleted; it is not created again (unset BOOTSTRAP_CLIENT_ID and " +
          "BOOTSTRAP_CLIENT_SECRET)",
      );
    } finally {
      warn.mockRestore();
    }
    expect((await t.platform.store.readAll({ limit: 10_000 })).length).toBe(before);
    expect((await t.request("GET", "/resources/iam/clients/bootstrap-sa", { token: owner.token })).status).toBe(404);
    expect(await iam.secrets.list("bootstrap-sa")).toEqual([]);
    await expect(
      t.platform.ports.get(iamInternalsKey).service.authenticateClient("bootstrap-sa", "a-long-bootstrap-secret-value"),
    ).rejects.toMatchObject({ message: "invalid client" });
  });

  it("refuses a weak owner password at start", async () => {
    await expect(
      createTestPlatform([iamTestContext()], { ...env, BOOTSTRAP_OWNER_PASSWORD: "password1" }),
    ).rejects.toThrow(/BOOTSTRAP_OWNER_PASSWORD/);
  });
});
