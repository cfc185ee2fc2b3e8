import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import type { IamService } from "../service.ts";
import { createClientWithToken, createPrincipalWithToken } from "../testing/index.ts";
import { call, expectError } from "@platform/http/testing";
import { bootIam } from "../testing/boot.ts";
import { sha256Hex } from "./tokens.ts";
import { purgeEndedSessions } from "./session-purge.ts";
import { iamInternalsKey } from "../internals.ts";

let t: TestPlatform;
let iam: IamService;
let clientId: string;
beforeAll(async () => {
  ({ t } = await bootIam());
  iam = t.platform.ports.get(iamInternalsKey).service;
  clientId = (
    await call(t, "POST", "/iam/clients", {
      token: (await createPrincipalWithToken(t, { roles: ["system:owner"] })).token,
      body: {
        name: "Web",
        redirect_uris: ["https://web.example/cb"],
        grant_types: ["authorization_code", "refresh_token"],
      },
    })
  ).body.client_id;
});
afterAll(() => t.close());

const me = (token: string) => call(t, "GET", "/resources/me", { token });

describe("sessions service", () => {
  it("issues opaque tokens: session UUID + 32 random bytes, only a SHA-256 of the random part stored", async () => {
    const p = await createPrincipalWithToken(t, {});
    const s = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId,
      type: "interactive",
      withRefresh: true,
      description: "Firefox on Linux",
      scope: "sendings:read me:*",
    });
    const raw = Buffer.from(s.accessToken, "base64url");
    expect(raw).toHaveLength(48);
    expect(raw.subarray(0, 16).toString("hex")).toBe(s.session.id.replace(/-/g, ""));
    expect(s.expiresIn).toBe(3600);
    expect(s.session).toMatchObject({
      type: "interactive",
      clientId,
      clientName: "Web",
      description: "Firefox on Linux",
      scope: ["sendings:read", "me:*"],
      isRevoked: false,
    });
    const row = (
      await t.platform.db.pool.query<Record<string, unknown>>("SELECT * FROM iam_sessions WHERE id = $1", [
        s.session.id,
      ])
    ).rows[0]!;
    expect(row.access_hash).toBe(sha256Hex(raw.subarray(16)));
    expect(JSON.stringify(row)).not.toContain(s.accessToken);
    expect(JSON.stringify(row)).not.toContain(s.refreshToken!);
    expect((await me(s.accessToken)).body.scope).toEqual([]);
  });

  it(
    "a refresh token lives no longer than its session's creation + REFRESH_TOKEN_MAX_S (90 " +
      "days), however often it rotates",
    async () => {
      const p = await createPrincipalWithToken(t, {});
      const s = await iam.issueSession({
        subject: { kind: "principal", id: p.principalId },
        clientId,
        type: "interactive",
        withRefresh: true,
      });
      const pool = t.platform.db.pool;
      // The session began 89 days and 23 hours ago (moved back here; rotations kept it alive since).
      await pool.query("UPDATE iam_sessions SET created_at = created_at - interval '89 days 23 hours' WHERE id = $1", [
        s.session.id,
      ]);
      const rotated = await iam.refresh(s.refreshToken!);
      const info = await iam.inspectToken(rotated.refreshToken!);
      expect(info.valid).toBe(true);
      // Its expiry is the session's 90th day (an hour from now), not REFRESH_TOKEN_TTL_S (30 days) from now.
      const hourFromNow = Date.now() / 1000 + 3600;
      const exp = info.valid ? info.expiresAt.getTime() / 1000 : 0;
      expect(exp).toBeGreaterThan(hourFromNow - 60);
      expect(exp).toBeLessThanOrEqual(hourFromNow + 1);
      // Past the 90th day: refused, although its own 30 days have not run out.
      await pool.query(
        "UPDATE iam_sessions SET created_at = created_at - interval '2 hours', refresh_expires_at = " +
          "now() + interval '29 days' WHERE id = $1",
        [s.session.id],
      );
      await expect(iam.refresh(rotated.refreshToken!)).rejects.toMatchObject({
        message: "invalid refresh token",
        code: "UNAUTHENTICATED",
      });
    },
  );

  it("rotates refresh tokens; a replayed one revokes the session", async () => {
    const p = await createPrincipalWithToken(t, { acl: ["sendings:read", "sendings:write"] });
    const s = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId,
      type: "interactive",
      withRefresh: true,
      scope: ["sendings:read", "sendings:write"],
    });
    const r1 = await iam.refresh(s.refreshToken!);
    expect(r1.refreshToken).not.toBe(s.refreshToken);
    expect(r1.session.id).toBe(s.session.id);
    expectError(await me(s.accessToken), 401);
    expect((await me(r1.accessToken)).status).toBe(200);
    const narrowed = await iam.refresh(r1.refreshToken!, ["sendings:read"]);
    expect((await me(narrowed.accessToken)).body.scope).toEqual(["sendings:read"]);
    await expect(iam.refresh(narrowed.refreshToken!, ["sendings:write"])).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(iam.refresh(s.refreshToken!)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expectError(await me(narrowed.accessToken), 401);
    await expect(iam.refresh(narrowed.refreshToken!)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(iam.refresh("garbage")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("revokes by access or refresh token, ignores unknown tokens, and inspects tokens", async () => {
    const p = await createPrincipalWithToken(t, { acl: ["sendings:read"] });
    const a = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId,
      type: "interactive",
      withRefresh: true,
    });
    expect(await iam.inspectToken(a.accessToken)).toMatchObject({
      valid: true,
      tokenType: "access",
      subject: { kind: "principal", id: p.principalId },
      clientId,
      sessionId: a.session.id,
      effectiveScope: ["sendings:read"],
    });
    expect(await iam.inspectToken(a.refreshToken!)).toMatchObject({ valid: true, tokenType: "refresh" });
    await iam.revokeToken(a.refreshToken!);
    expectError(await me(a.accessToken), 401);
    expect(await iam.inspectToken(a.accessToken)).toEqual({ valid: false });
    await expect(iam.revokeToken("not-a-token")).resolves.toBeUndefined();
    const b = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "pat",
      withRefresh: false,
      accessTtlS: 86_400,
    });
    expect(b.refreshToken).toBeUndefined();
    expect(b.expiresIn).toBe(86_400);
    await iam.revokeToken(b.accessToken);
    expectError(await me(b.accessToken), 401);
    const c = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "api",
      withRefresh: false,
    });
    expect(await iam.revokeSession(c.session.id)).toBe(true);
    expectError(await me(c.accessToken), 401);
  });

  it("refuses expired tokens and tampered random parts", async () => {
    const p = await createPrincipalWithToken(t, {});
    const s = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "api",
      withRefresh: false,
    });
    const raw = Buffer.from(s.accessToken, "base64url");
    raw[47] = raw[47]! ^ 1;
    expectError(await me(raw.toString("base64url")), 401);
    await t.platform.db.pool.query(
      "UPDATE iam_sessions SET access_expires_at = now() - interval '1 second' WHERE id = $1",
      [s.session.id],
    );
    expectError(await me(s.accessToken), 401);
    expect(await iam.inspectToken(s.accessToken)).toEqual({ valid: false });
  });

  it("refuses sessions for unknown identities and unknown clients", async () => {
    await expect(
      iam.issueSession({
        subject: { kind: "principal", id: "0190d7a4-0000-7000-8000-000000000000" },
        clientId: null,
        type: "api",
        withRefresh: false,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const p = await createPrincipalWithToken(t, {});
    await expect(
      iam.issueSession({
        subject: { kind: "principal", id: p.principalId },
        clientId: "no-such-client",
        type: "api",
        withRefresh: false,
      }),
    ).rejects.toMatchObject({ message: "invalid client" });
  });

  it("gives a client token its roles plus its configured resource scopes", async () => {
    const c = await createClientWithToken(t, { scopes: ["openid", "sendings:write"] });
    expect((await me(c.token)).body.scope).toEqual(["sendings:write"]);
    expectError(await call(t, "GET", "/resources/iam/roles", { token: c.token }), 403);
  });

  it("purges sessions that ended more than 30 days ago, keeping recent ones for the audit", async () => {
    const p = await createPrincipalWithToken(t, {});
    const old = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "api",
      withRefresh: false,
    });
    const recent = await iam.issueSession({
      subject: { kind: "principal", id: p.principalId },
      clientId: null,
      type: "api",
      withRefresh: false,
    });
    await iam.revokeSession(recent.session.id);
    await t.platform.db.pool.query("UPDATE iam_sessions SET revoked_at = now() - interval '31 days' WHERE id = $1", [
      old.session.id,
    ]);
    expect(await purgeEndedSessions(t.platform.db)).toBeGreaterThanOrEqual(1);
    expect(await iam.getSession(old.session.id)).toBeNull();
    expect(await iam.getSession(recent.session.id)).toMatchObject({ isRevoked: true });
    expect(await iam.getSession(p.sessionId)).toMatchObject({ isRevoked: false });
  });
});
