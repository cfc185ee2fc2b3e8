import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * `npx tsx scripts/bench/profile-top.ts [dir-or-file] [n]`: the functions with the most self
 * time in a V8 CPU profile (`node --cpu-prof`, e.g. the bench's service with
 * BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=.prof"), and the same summed by package, as
 * shares of the samples that were not idle. Of a directory, its largest profile (the main thread; workers idle).
 */
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const arg = process.argv[2] ?? ".prof";
const n = Number(process.argv[3] ?? 15);
const file = statSync(arg).isDirectory()
  ? readdirSync(arg)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => join(arg, f))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0]
  : arg;
if (!file) throw new Error(`no .cpuprofile in ${arg}`);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const IDLE = new Set(["(idle)", "(program)", "(garbage collector)"]);
/** The package a frame belongs to: a dependency's name, a node: module, or packages/<name> of ours. */
const where = (url: string) => {
  if (!url) return "(native)";
  const path = url.replace(/^file:\/\//, "");
  if (path.startsWith("node:")) return path;
  const dependency = path.split("node_modules/").at(-1)!;
  if (dependency !== path)
    return dependency
      .split("/")
      .slice(0, dependency.startsWith("@") ? 2 : 1)
      .join("/");
  return relative(process.cwd(), path).split("/").slice(0, 2).join("/");
};
const functions = new Map<string, number>();
const packages = new Map<string, number>();
let busy = 0;
let total = 0;
for (const [id, us] of self) {
  const node = byId.get(id)!;
  total += us;
  const name = node.callFrame.functionName || "(anonymous)";
  if (IDLE.has(name) && name !== "(garbage collector)") continue;
  busy += us;
  const url = node.callFrame.url.replace(/^file:\/\//, "");
  const key = `${name} ${url ? `${relative(process.cwd(), url)}:${node.callFrame.lineNumber + 1}` : ""}`.trim();
  functions.set(key, (functions.get(key) ?? 0) + us);
  packages.set(where(node.callFrame.url), (packages.get(where(node.callFrame.url)) ?? 0) + us);
}
const top = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${((us / busy) * 100).toFixed(1).padStart(5)}%  ${k}`)
    .join("\n");
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle)\n\n` +
    `self time by function:\n${top(functions)}\n\nself time by package:\n${top(packages)}`,
);
