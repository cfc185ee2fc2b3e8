import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { ContextContract, Operation } from "@platform/host";
import { openApiDocument } from "./document.ts";

type PublishedOperation = {
  security: unknown;
  parameters?: { name: string; schema: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, PublishedOperation>> };

const op = (fields: Partial<Operation>): Operation => ({
  ...{ operationId: "x", method: "get", path: "/x", summary: "x", permission: "public", success: 200, tags: ["t"] },
  ...fields,
});
const documentOf = (contract: Partial<ContextContract>) =>
  openApiDocument([{ context: "t", tags: { t: "T" }, operations: [], ...contract }], {
    version: "1",
    publicUrl: "http://localhost",
  }) as unknown as Doc;

describe("openApiDocument", () => {
  it(
    "publishes a route that needs an OAuth scope with that scope, and its refusals as RFC 6750 " +
      "errors (403 insufficient_scope)",
    () => {
      const userinfo = op({
        path: "/oauth/userinfo",
        permission: "authenticated",
        scopes: ["openid"],
        errors: "oauth",
        alsoErrors: [403],
      });
      const doc = documentOf({ operations: [userinfo] });
      const get = doc.paths["/oauth/userinfo"]!.get!;
      expect(get.security).toEqual([{ bearer: [] }, { oauth2: ["openid"] }]);
      expect(get.responses["403"]).toEqual({ $ref: "#/components/responses/BearerError" });
      expect(get.responses["401"]).toEqual({ $ref: "#/components/responses/BearerError" });
    },
  );

  it("publishes a checked path parameter's schema (pattern, example) and the 400 its breach is", () => {
    const queue = v.pipe(v.string(), v.regex(/^[a-z]{1,8}$/), v.examples(["default"]));
    const doc = documentOf({
      operations: [op({ method: "put", path: "/q/{queue}", permission: "q:write", pathParams: { queue } })],
    });
    const put = doc.paths["/q/{queue}"]!.put!;
    const schema = { type: "string", pattern: "^[a-z]{1,8}$", examples: ["default"] };
    expect(put.parameters).toEqual([{ name: "queue", in: "path", required: true, schema }]);
    expect(Object.keys(put.responses)).toContain("400");
  });

  it("publishes a request body's example, and an actor's message example on its message route", () => {
    const message = v.strictObject({ n: v.number() });
    const doc = documentOf({
      operations: [op({ method: "post", requestBody: v.object({ a: v.string() }), requestExample: { a: "b" } })],
      actorMessages: { thing: { bump: message }, quiet: {} },
      actorMessageExamples: { thing: [{ type: "bump", body: { n: 1 } }] },
    });
    expect(doc.paths["/x"]!.post!.requestBody!.content["application/json"]!.example).toEqual({ a: "b" });
    const messages = doc.paths["/resources/actors/thing/{id}"]!.post!.requestBody!.content["application/json"]!;
    expect(messages.example).toEqual([{ type: "bump", body: { n: 1 } }]);
    // An actor that takes no message through the API has no message route (no body would do).
    expect(doc.paths["/resources/actors/quiet/{id}"]).toBeUndefined();
  });
});
