/**
 * `npm run schemas`: writes schemas/openapi.json and schemas/events/<context>.json from the
 * contexts' contracts (packages/<context>/src/contract/), and removes generated files no
 * context produces any more, and the app kit's TypeScript types of the API (typescript.ts).
 * test/schemas.test.ts fails until they are current.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { contracts } from "./contracts.ts";
import { generateSchemaFiles, repoRoot } from "./generate.ts";
import { publishedFiles } from "./published.ts";
import { apiTypeFiles } from "./typescript.ts";

const dir = join(fileURLToPath(repoRoot), "schemas");
const files = generateSchemaFiles(contracts);
for (const [name, text] of Object.entries(files)) {
  const path = join(dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
for (const name of publishedFiles(dir)) {
  if (!(name in files)) {
    rmSync(join(dir, name));
    process.stdout.write(`removed ${relative(process.cwd(), join(dir, name))}\n`);
  }
}
process.stdout.write(`wrote ${Object.keys(files).length} files to ${relative(process.cwd(), dir) || "."}\n`);
for (const [name, text] of Object.entries(await apiTypeFiles(files["openapi.json"]!))) {
  mkdirSync(dirname(join(fileURLToPath(repoRoot), name)), { recursive: true });
  writeFileSync(join(fileURLToPath(repoRoot), name), text);
  process.stdout.write(`wrote ${name}\n`);
}
