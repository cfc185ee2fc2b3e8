/** The files `platform apps init` writes: an app with one TypeScript component, its ingress and its test. */
export const initTemplates = (appId: string, kitFromFolder: string): Record<string, string> => ({
  "manifest.json": `${JSON.stringify(
    {
      id: appId,
      name: appId,
      description: "Greets whoever calls its ingress.",
      components: [{ id: "hello" }],
      ingresses: [
        {
          id: "hello",
          componentId: "hello",
          acl: [],
          type: "http",
          properties: { route: `${appId}/hello`, httpMethod: "POST", isPublic: true },
        },
      ],
    },
    null,
    2,
  )}\n`,
  "components/hello.ts": `import type { Component, Parameters } from "@platform/app-kit";

// POST /ingress/${appId}/hello with {"name": "Ada"} answers {"greeting": "Hello, Ada!"}. The ingress is public and
// its acl is empty: this component may call nothing through ctx until manifest.json grants it (docs/APPS.md).
export const parameters = {
  name: { type: "text", default: "world" },
} as const satisfies Parameters;

const hello: Component<typeof parameters> = async (params) => {
  const greeting = \`Hello, \${params.name}!\`;
  console.log(greeting);
  return { greeting };
};
export default hello;
`,
  "components/hello.test.ts": `import { describe, expect, it } from "vitest";
import { runComponent } from "@platform/app-kit";

// runComponent runs the component in the service's own sandbox, with its limits.
const app = new URL("..", import.meta.url);

describe("hello", () => {
  it("greets by name, and logs the greeting", async () => {
    const run = await runComponent(app, "hello", { name: "Ada" });
    expect(run).toMatchObject({ ok: true, status: 200, value: { greeting: "Hello, Ada!" } });
    expect(run.logs).toEqual([{ level: "log", line: "Hello, Ada!" }]);
  });

  it("refuses a name that is not text, as the ingress answers it (400)", async () => {
    const run = await runComponent(app, "hello", { name: 7 });
    expect(run).toMatchObject({ ok: false, status: 400, error: { code: "VALIDATION_FAILED" } });
  });
});
`,
  "tsconfig.json": `${JSON.stringify(
    {
      // The settings \`platform apps check\` uses, for editors: the sandbox has ECMAScript and the kit's globals only.
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2023"],
        module: "ESNext",
        moduleResolution: "Bundler",
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        isolatedModules: true,
        skipLibCheck: true,
        types: [],
        paths: { "@platform/app-kit": [`${kitFromFolder}/src/types/index.ts`] },
      },
      include: ["components/**/*.ts", `${kitFromFolder}/sandbox-globals.d.ts`],
      exclude: ["components/**/*.test.ts"],
    },
    null,
    2,
  )}\n`,
  ".gitignore": ".platform/\n",
});
