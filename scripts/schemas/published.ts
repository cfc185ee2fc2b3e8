import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The generated (JSON) files now in schemas/, relative to it: openapi.json and events/*.json. README.md is written by
 * hand.
 */
export const publishedFiles = (dir: string): string[] => {
  const json = (sub: string) =>
    existsSync(join(dir, sub))
      ? readdirSync(join(dir, sub))
          .filter((f) => f.endsWith(".json"))
          .map((f) => (sub ? `${sub}/${f}` : f))
      : [];
  return [...json(""), ...json("events")].sort();
};
