import * as v from "valibot";

/** The reference's own routes, published like any other context's. */
export const referenceContract = {
  context: "openapi",
  tags: { reference: "This document (/openapi.json) and the reference page rendering it (/docs)" },
  operations: [
    {
      operationId: "getOpenApiDocument",
      method: "get",
      path: "/openapi.json",
      summary:
        "This OpenAPI 3.1 document: every route of every mounted context, with request and response " +
        "schemas and error shapes",
      permission: "public",
      success: 200,
      tags: ["reference"],
      response: v.object({
        openapi: v.string(),
        info: v.object({
          title: v.string(),
          version: v.string(),
          description: v.string(),
          contact: v.object({ name: v.string() }),
          license: v.object({ name: v.string(), identifier: v.string() }),
        }),
        servers: v.array(
          v.object({
            url: v.string(),
            description: v.string(),
            variables: v.record(v.string(), v.object({ default: v.string(), description: v.string() })),
          }),
        ),
        security: v.array(v.record(v.string(), v.array(v.string()))),
        tags: v.array(v.object({ name: v.string(), description: v.optional(v.string()) })),
        paths: v.record(v.string(), v.record(v.string(), v.unknown())),
        components: v.record(v.string(), v.unknown()),
      }),
    },
    {
      operationId: "getApiReferenceAsset",
      method: "get",
      path: "/docs/assets/{file}",
      summary:
        "A file of the reference page: swagger-ui.css, swagger-ui-bundle.js, favicon-32x32.png " +
        "(from swagger-ui-dist) or init.js",
      permission: "public",
      success: 200,
      tags: ["reference"],
      produces: "*/*",
    },
    {
      operationId: "getApiReferencePage",
      method: "get",
      path: "/docs",
      summary: "The API reference page (Swagger UI, served locally)",
      permission: "public",
      success: 200,
      tags: ["reference"],
      produces: "text/html",
    },
  ],
} as const;
