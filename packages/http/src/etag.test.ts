import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { isDomainError } from "@platform/kernel";
import { etagHeader, ifMatchVersion } from "./etag.ts";

const probe = async (ifMatch: string | undefined, required: boolean) => {
  const app = new Hono().get("/", (c) => {
    try {
      return c.json({ version: ifMatchVersion(c, { required }) ?? null });
    } catch (e) {
      if (isDomainError(e)) return c.json({ code: e.code });
      throw e;
    }
  });
  return (await app.request("/", { headers: ifMatch === undefined ? {} : { "If-Match": ifMatch } })).json();
};

describe("If-Match", () => {
  it.each([
    [etagHeader(7), true, { version: 7 }],
    ['W/"v3"', true, { version: 3 }],
    ["v12", false, { version: 12 }],
    [undefined, true, { code: "PRECONDITION_REQUIRED" }],
    [undefined, false, { version: null }],
    ["*", true, { code: "INVALID_REQUEST" }],
    ['"v1", "v2"', true, { code: "INVALID_REQUEST" }],
    ['"garbage"', true, { code: "CONFLICT" }],
  ])("%s (required %s) → %j", async (header, required, expected) => {
    expect(await probe(header, required)).toEqual(expected);
  });
});
