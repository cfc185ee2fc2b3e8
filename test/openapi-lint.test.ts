import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import spectralCore from "@stoplight/spectral-core";
import spectralParsers from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";

/**
 * The published document (schemas/openapi.json, which the service serves as /openapi.json)
 * passes the two linters API tooling uses, with their recommended rules, without a warning:
 * every operation described, with its 2xx (or default) and 4xx answers, no unused component.
 */
const document = readFileSync(new URL("../schemas/openapi.json", import.meta.url), "utf8");

describe("the published OpenAPI document under the linters", () => {
  it("Redocly's recommended rules report nothing", { timeout: 60_000 }, async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: document, absoluteRef: "openapi.json", config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`)).toEqual(
      [],
    );
  });

  it("Spectral's spectral:oas rules report nothing", { timeout: 60_000 }, async () => {
    // Both packages ship CommonJS; their named exports come through the default one.
    const { Spectral, Document } = spectralCore as unknown as typeof import("@stoplight/spectral-core");
    const { Json } = spectralParsers as unknown as typeof import("@stoplight/spectral-parsers");
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, "recommended"]] });
    const results = await spectral.run(new Document(document, Json, "openapi.json"));
    expect(results.map((r) => `${r.code}: ${r.message} at ${r.path.join(".")}`)).toEqual([]);
  });
});
