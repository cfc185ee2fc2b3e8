import { createTestPlatform } from "@platform/http/testing";
import type { Json } from "@platform/http/testing";
import { createPrincipalWithToken, iamTestContext } from "./index.ts";

/** A test platform with the IAM context and an owner token. */
export const bootIam = async (env: Record<string, string> = {}) => {
  const t = await createTestPlatform([iamTestContext()], env);
  const owner = await createPrincipalWithToken(t, { roles: ["system:owner"], email: "owner@example.test" });
  return { t, owner };
};

/** A PUT body for a principal of this email; `extra.properties` join its properties, the rest the body. */
export const principalBody = (email: string, extra: Json = {}) => ({
  properties: { name: "Ann Example", email, ...(extra.properties ?? {}) },
  ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== "properties")),
});
