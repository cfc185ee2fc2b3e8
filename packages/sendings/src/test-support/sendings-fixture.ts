import { afterAll, beforeAll, expect } from "vitest";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "../index.ts";
import type { SendingRecord } from "../index.ts";

export let t: TestPlatform;
/**
 * The sendings API on a test platform, started before the file's tests and closed after them; call once per file.
 * SMTP_URL unset: everything stays pending, which is what these API tests want.
 */
export const useSendingsPlatform = () => {
  beforeAll(async () => {
    t = await createTestPlatform([
      staticAuthContext({
        writer: { scope: ["sendings:read", "sendings:write"] },
        reader: { scope: ["sendings:read"] },
        writeOnly: { scope: ["sendings:write"] },
        other: { scope: ["jobs:read"] },
        web: { scope: ["sendings:*"], attributes: { channelKey: ["web"] } },
        eu: { scope: ["sendings:*"], attributes: { region: ["eu"] } },
      }),
      sendingsContext,
    ]);
  });
  afterAll(() => t.close());
};

export type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
export const email = (over: Record<string, unknown> = {}) => ({
  to: "ann@example.test",
  subject: "Hello",
  body: { plainText: "Hi Ann", html: "<p>Hi Ann</p>" },
  category: "news",
  ...over,
});
export const queue = async (over: Record<string, unknown> = {}, token = "writer") => {
  const r = await t.request("POST", "/resources/sendings/email", { token, body: email(over) });
  expect(r.status).toBe(202);
  return ((await r.json()) as { sendings: SendingRecord[] }).sendings;
};
