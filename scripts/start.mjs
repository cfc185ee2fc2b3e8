// `npm start`: the compiled gateway on plain node, in this one process (npm runs it with
// `--conditions=dist`, so the packages resolve to their dist/), built first when the build
// is missing or older than the sources: `npm ci && npm start` on a fresh clone stays one
// command. Checking and starting in one process saves a second Node start on every restart.
import { buildIfStale } from "./build.mjs";

await buildIfStale();
await import("../services/gateway/dist/bundle/main.mjs");
