import { findNodeAtLocation, parseTree } from "jsonc-parser";
import type { Node } from "jsonc-parser";

/** `manifest.ingresses[2].properties.route` → ["ingresses", 2, "properties", "route"]. */
const segmentsOf = (path: string): (string | number)[] =>
  path
    .replace(/^manifest\.?/, "")
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((s) => (/^\[\d+\]$/.test(s) ? Number(s.slice(1, -1)) : s));

/**
 * Where a manifest issue's path points in manifest.json's text: the value at that path, or the
 * nearest object above it that is there (a missing field is reported at its object). Lines and
 * columns count from 1.
 */
export const placeInManifest = (text: string, path: string): { line: number; column: number } => {
  const root = parseTree(text);
  let node: Node | undefined;
  for (let segments = segmentsOf(path); root && !node; segments = segments.slice(0, -1)) {
    node = findNodeAtLocation(root, segments);
    if (segments.length === 0) break;
  }
  const before = text.slice(0, node?.offset ?? 0).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
};
