import { readFileSync } from "node:fs";
import type { ContextContract } from "@platform/host";
import { openApiDocument } from "@platform/openapi";
import { eventsDocument } from "./events.ts";
import { renderJson } from "./render.ts";

/** The repository root (this file is scripts/schemas/generate.ts). */
export const repoRoot = new URL("../../", import.meta.url);

/**
 * Every generated file of schemas/, path relative to it → text. Contexts that append no
 * events get no events file.
 */
export const generateSchemaFiles = (contracts: readonly ContextContract[]): Record<string, string> => {
  const { version } = JSON.parse(readFileSync(new URL("package.json", repoRoot), "utf8")) as { version: string };
  const files: Record<string, string> = {
    "openapi.json": renderJson(openApiDocument(contracts, { version, publicUrl: "http://localhost:8080" })),
  };
  for (const contract of contracts) {
    if (contract.events && Object.keys(contract.events).length > 0)
      files[`events/${contract.context}.json`] = renderJson(eventsDocument(contract));
  }
  return files;
};
