import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildComponent } from "./component-build.ts";

// A folder beside a file it must not reach: the server's own secrets, say.
const root = mkdtempSync(join(tmpdir(), "component-build-"));
const app = join(root, "app");
mkdirSync(join(app, "components", "lib"), { recursive: true });
writeFileSync(join(root, "secret.json"), '{"key": "do not ship"}');
writeFileSync(join(app, "components", "lib", "words.ts"), 'export const hello = (n: string): string => "hi " + n;');
symlinkSync(join(root, "secret.json"), join(app, "components", "lib", "linked.json"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const component = (name: string, text: string) => {
  writeFileSync(join(app, "components", `${name}.ts`), text);
  return join(app, "components", `${name}.ts`);
};
const problems = async (file: string) => {
  const built = await buildComponent(file, app);
  return "problems" in built ? built.problems.map((p) => p.message) : [];
};

describe("buildComponent", () => {
  it("bundles the folder's own modules and strips the types", async () => {
    const file = component(
      "ok",
      'import { hello } from "./lib/words.ts";\nexport const parameters = {};\n' +
        'export default async () => hello("x");\n',
    );
    const built = await buildComponent(file, app);
    expect("source" in built && built.source).toContain('"hi " + n');
    expect("source" in built && built.source).not.toContain(": string");
  });

  it("reads nothing outside the app folder, through a path or a symbolic link", async () => {
    const secret = join(root, "secret.json");
    for (const from of ["../../secret.json", "./lib/linked.json"]) {
      const file = component(
        "leak",
        `import s from "${from}";\nexport const parameters = {};\nexport default async () => s;\n`,
      );
      expect(await problems(file)).toEqual([
        `${secret} is outside the app folder: a component may import only its files`,
      ]);
    }
  });

  it("refuses values of the platform's packages and Node's built-ins", async () => {
    const file = component(
      "imports",
      'import { runComponent } from "@platform/app-kit";\nimport { readFileSync } from "node:fs";\n' +
        "export const parameters = {};\nexport default async () => [runComponent, readFileSync];\n",
    );
    expect(await problems(file)).toEqual([
      "@platform/app-kit is imported for its values: a component may import only its types (import type)",
      "node:fs: a component runs in the sandbox, which has no Node built-ins",
    ]);
  });
});
