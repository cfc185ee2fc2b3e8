// The production bundle `npm start` runs: services/gateway/dist/main.js and what it imports, ours and our
// dependencies', bundled by esbuild into a few files in services/gateway/dist/bundle/. A start then reads about 15
// files instead of about 1,500 modules (kysely alone is 260): on the embedded engine that is most of a restart.
// Plain Node; called by build.mjs after the compiler.
import { readFile, rm } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** What `npm start` runs: main.mjs here (build.mjs checks that it exists). */
const BUNDLE_DIR = join(root, "services/gateway/dist/bundle");

/**
 * Left to Node, loaded from node_modules as without the bundle:
 * - pg, pino and (Node's own) http: OpenTelemetry's instrumentations patch them as Node loads them (tracing.ts);
 * - what finds files beside its own module (PGlite's and QuickJS's WebAssembly, argon2's native addon, Swagger UI's
 *   pages) or is loaded only when configured (the OpenTelemetry SDK, the KurrentDB client), and the compilers.
 */
const EXTERNAL = [
  "pg",
  "pg-native",
  "pino",
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "quickjs-emscripten-core",
  "@jitl/*",
  "swagger-ui-dist",
  "@opentelemetry/*",
  "@kurrent/*",
  "esbuild",
  "typescript",
];

/**
 * Our modules that find files beside themselves (`new URL("./worker.mjs", import.meta.url)`: the sandbox's threads,
 * the portal's assets, the package.json the API reference reads) keep their own address: `import.meta.url` in each
 * becomes that module's address, as a path from the bundle's, so a moved checkout still works.
 */
/** @type {import("esbuild").Plugin} */
const ownAddress = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /[\\/](packages|services)[\\/][^\\/]+[\\/]dist[\\/].*\.m?js$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const from = JSON.stringify(relative(BUNDLE_DIR, args.path).split("\\").join("/"));
      return { contents: text.replaceAll("import.meta.url", `new URL(${from}, import.meta.url).href`), loader: "js" };
    });
  },
};

const REQUIRE = [
  "import { createRequire as __bundleRequire } from 'node:module';",
  "const require = __bundleRequire(import.meta.url);",
].join("\n");

export const bundle = async () => {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  await build({
    entryPoints: { main: join(root, "services/gateway/dist/main.js") },
    outdir: BUNDLE_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // The tracing SDK and the engines' adapters stay in chunks of their own, loaded only when used.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    conditions: ["dist"],
    external: EXTERNAL,
    plugins: [ownAddress],
    // CommonJS dependencies call require() for Node's modules; an ES module has none of its own.
    banner: { js: REQUIRE },
    sourcemap: "linked",
    logLevel: "warning",
  });
};
