import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Where scripts/ensure-install.mjs unpacks promtool from Debian's prometheus package. */
const unpacked = fileURLToPath(new URL("../../node_modules/.cache/promtool/promtool", import.meta.url));

/** The promtool to run: the unpacked one, else `promtool` on PATH, else undefined. */
export const promtoolPath = (): string | undefined => {
  if (existsSync(unpacked)) return unpacked;
  try {
    execFileSync("which", ["promtool"], { stdio: "ignore" });
    return "promtool";
  } catch {
    return undefined;
  }
};

/** `promtool check metrics` on an exposition text (stdin); exit code and stdout+stderr together. */
export const checkMetrics = (text: string): Promise<{ code: number; output: string }> => {
  const bin = promtoolPath();
  if (!bin)
    return Promise.reject(
      new Error("promtool not found: run `node scripts/ensure-install.mjs` or put promtool on PATH"),
    );
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ["check", "metrics"], { stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
    child.stdin.on("error", () => undefined); // promtool may exit before reading everything
    child.stdin.end(text);
  });
};
