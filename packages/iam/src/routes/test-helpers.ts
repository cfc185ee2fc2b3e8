import { expect } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken, iamTestContext } from "../testing/index.ts";

/** A test platform with the IAM context and an owner token. */
export const bootIam = async (env: Record<string, string> = {}) => {
  const t = await createTestPlatform([iamTestContext()], env);
  const owner = await createPrincipalWithToken(t, { roles: ["system:owner"], email: "owner@example.test" });
  return { t, owner };
};

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Sends a request and returns status, headers and the JSON body (if any). */
export const call = async (t: TestPlatform, method: string, path: string, init: Parameters<TestPlatform["request"]>[2] = {}) => {
  const res = await t.request(method, path, init);
  const text = await res.text();
  const body = text ? (JSON.parse(text) as Json) : null;
  return { status: res.status, headers: res.headers, body: body as Json };
};

export const expectError = (r: { status: number; body: Json }, status: number, code?: string) => {
  expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status, code: code ?? r.body?.error?.code });
  expect(typeof r.body.error.message).toBe("string");
};

export const principalBody = (email: string, extra: Json = {}) => ({ properties: { name: "Ann Example", email, ...(extra.properties ?? {}) }, ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== "properties")) });
