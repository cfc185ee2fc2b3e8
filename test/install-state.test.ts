import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installNeeded, installNeededAt } from "../scripts/install-state.mjs";

/** A lock as npm writes it: the root, a package, a workspace and its link, another platform's optional binary. */
const lock = {
  packages: {
    "": { name: "root", workspaces: ["packages/*"] },
    "node_modules/hono": {
      version: "4.13.19",
      resolved: "https://registry.npmjs.org/hono/-/hono-4.13.19.tgz",
      integrity: "sha512-a",
    },
    "node_modules/@platform/kernel": { resolved: "packages/kernel", link: true },
    "packages/kernel": { version: "0.1.0" },
    "node_modules/@esbuild/darwin-arm64": { version: "0.27.0", optional: true, os: ["darwin"] },
  },
};
/**
 * What `npm ci` records in node_modules/.package-lock.json on Linux: the same entries, less the root and the skipped
 * binary.
 */
const installed = () => {
  const { "": _root, "node_modules/@esbuild/darwin-arm64": _skipped, ...packages } = structuredClone(lock.packages);
  return { packages: packages as Record<string, Record<string, unknown>> };
};
const everything = () => true;

describe("installNeeded (npm test after npm ci installs nothing again)", () => {
  it("is null when node_modules holds every locked package npm installs here", () => {
    expect(installNeeded(lock, installed(), everything)).toBeNull();
  });

  it("installs when npm never installed, or the lock moved on", () => {
    expect(installNeeded(lock, undefined, everything)).toBe("nothing installed by npm yet");
    const older = installed();
    older.packages["node_modules/hono"] = { ...older.packages["node_modules/hono"], version: "4.13.18" };
    expect(installNeeded(lock, older, everything)).toBe("node_modules/hono is not the locked version");
    const extra = installed();
    extra.packages["node_modules/left-pad"] = { version: "1.3.0" };
    expect(installNeeded(lock, extra, everything)).toBe("node_modules/left-pad is installed but not locked");
    const { "node_modules/hono": _hono, ...without } = installed().packages;
    expect(installNeeded(lock, { packages: without }, everything)).toBe("node_modules/hono is not installed");
  });

  it("installs when a recorded package's folder is gone", () => {
    expect(installNeeded(lock, installed(), (path) => path !== "node_modules/hono")).toBe(
      "node_modules/hono is missing",
    );
  });

  it("reads both lockfiles and the folders of a repository", () => {
    const root = mkdtempSync(join(tmpdir(), "install-state-"));
    try {
      expect(installNeededAt(root)).toBe("no readable package-lock.json");
      writeFileSync(join(root, "package-lock.json"), JSON.stringify(lock));
      expect(installNeededAt(root)).toBe("nothing installed by npm yet");
      for (const dir of ["node_modules/hono", "node_modules/@platform/kernel", "packages/kernel"])
        mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, "node_modules/.package-lock.json"), JSON.stringify(installed()));
      expect(installNeededAt(root)).toBeNull();
      rmSync(join(root, "node_modules/hono"), { recursive: true });
      expect(installNeededAt(root)).toBe("node_modules/hono is missing");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
