import { describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import { call, useTestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken, iamTestContext } from "../testing/index.ts";
import { iamInternalsKey } from "../internals.ts";

/** IAM reads "now" from the clock it is given, never the wall clock: tokens expire by it. */
describe("sessions on the context's clock", () => {
  const clock = fixedClock("2026-03-01T10:00:00.000Z");
  const platform = useTestPlatform(() => [iamTestContext({ clock })]);

  it(
    "ends an access token when the clock passes its lifetime, and refreshes it until the " + "refresh token's",
    async () => {
      const { t } = platform;
      const p = await createPrincipalWithToken(t, {});
      const iam = t.platform.ports.get(iamInternalsKey).service;
      const s = await iam.issueSession({
        subject: { kind: "principal", id: p.principalId },
        clientId: null,
        type: "interactive",
        withRefresh: true,
        accessTtlS: 60,
        refreshTtlS: 3600,
      });
      expect(s.expiresIn).toBe(60);
      expect((await call(t, "GET", "/resources/me", { token: s.accessToken })).status).toBe(200);
      clock.advance(61_000);
      expect((await call(t, "GET", "/resources/me", { token: s.accessToken })).status).toBe(401);
      const refreshed = await iam.refresh(s.refreshToken!);
      expect((await call(t, "GET", "/resources/me", { token: refreshed.accessToken })).status).toBe(200);
      const short = await iam.issueSession({
        subject: { kind: "principal", id: p.principalId },
        clientId: null,
        type: "interactive",
        withRefresh: true,
        refreshTtlS: 3600,
      });
      clock.advance(3_601_000);
      await expect(iam.refresh(short.refreshToken!)).rejects.toMatchObject({ message: "invalid refresh token" });
    },
  );
});
