import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The kit's own files, wherever the clone (or the installed package) is. */
const kitRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

export const kitFiles = {
  root: kitRoot,
  /** The kit: what a test's `import { runComponent } from "@platform/app-kit"` names. */
  index: join(kitRoot, "src", "index.ts"),
  /** The kit's types alone: what a component's `import type … from "@platform/app-kit"` is checked against. */
  types: join(kitRoot, "src", "types", "index.ts"),
  /** The sandbox's globals (console, crypto.randomUUID): all a component sees besides ECMAScript. */
  sandboxGlobals: join(kitRoot, "sandbox-globals.d.ts"),
} as const;
