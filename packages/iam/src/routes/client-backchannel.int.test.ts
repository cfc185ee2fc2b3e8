import { OUTBOUND_LOCAL_HINT } from "@platform/outbound";
import { describe, expect, it } from "vitest";
import { call, expectError } from "@platform/http/testing";
import type { Json } from "@platform/http/testing";
import { owner, t, useIamPlatform } from "./test-support/iam-platform.ts";
import { INTERNAL, put, web } from "./test-support/client-fixture.ts";

useIamPlatform();

describe("clients", () => {
  it("takes a back-channel logout URI only to a public https address, and clears it with null", async () => {
    const r = await put(
      "bcl",
      web("BCL", {
        backchannelLogoutUri: "https://app.example.com/backchannel-logout",
        backchannelLogoutSessionRequired: true,
      }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      backchannelLogoutUri: "https://app.example.com/backchannel-logout",
      backchannelLogoutSessionRequired: true,
    });
    const refused: [Json, string][] = [
      [web("x", { backchannelLogoutUri: "http://app.example.com/bcl" }), `must be an https URL${OUTBOUND_LOCAL_HINT}`],
      [web("x", { backchannelLogoutUri: "https://127.0.0.1/bcl" }), INTERNAL],
      [web("x", { backchannelLogoutUri: "https://169.254.169.254/latest" }), INTERNAL],
      [web("x", { backchannelLogoutUri: "https://localhost:8443/bcl" }), INTERNAL],
      [web("x", { backchannelLogoutUri: "https://[fd00::1]/bcl" }), INTERNAL],
      [
        {
          properties: {
            name: "x",
            grantTypes: ["client_credentials"],
            backchannelLogoutUri: "https://app.example.com/bcl",
          },
        },
        "back-channel logout is for clients that sign users in (authorization_code)",
      ],
    ];
    for (const [body, message] of refused) {
      const res = await put("bcl-refused", body);
      expectError(res, 400, "VALIDATION_FAILED");
      expect(res.body.error.details).toEqual([{ path: "properties.backchannelLogoutUri", message }]);
    }
    expectError(await call(t, "GET", "/resources/iam/clients/bcl-refused", { token: owner.token }), 404);
    const patched = await call(t, "PATCH", "/resources/iam/clients/bcl", {
      token: owner.token,
      body: { backchannelLogoutUri: "http://10.0.0.5/bcl" },
      headers: { "If-Match": r.body.etag },
    });
    expectError(patched, 400, "VALIDATION_FAILED");
    expect(patched.body.error.details).toEqual([
      { path: "backchannelLogoutUri", message: `must be an https URL${OUTBOUND_LOCAL_HINT}` },
    ]);
    const cleared = await call(t, "PATCH", "/resources/iam/clients/bcl", {
      token: owner.token,
      body: { backchannelLogoutUri: null },
      headers: { "If-Match": r.body.etag },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ backchannelLogoutUri: null, backchannelLogoutSessionRequired: false });
    const admin = await call(t, "POST", "/iam/clients", {
      token: owner.token,
      body: {
        name: "RP",
        redirect_uris: ["https://rp.example/cb"],
        backchannel_logout_uri: "https://rp.example/logout",
      },
    });
    expect(admin.body).toMatchObject({
      backchannelLogoutUri: "https://rp.example/logout",
      backchannel_logout_uri: "https://rp.example/logout",
      backchannel_logout_session_required: false,
    });
    const bad = await call(t, "POST", "/iam/clients", {
      token: owner.token,
      body: {
        name: "RP",
        redirect_uris: ["https://rp.example/cb"],
        backchannel_logout_uri: "https://192.168.0.1/logout",
      },
    });
    expectError(bad, 400, "VALIDATION_FAILED");
    const message = INTERNAL;
    expect(bad.body.error.details).toEqual([{ path: "backchannel_logout_uri", message }]);
  });
});
