import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { citesOutside } from "./support/outside-documents.ts";

/**
 * The repository stands alone: no file names a document that is not in it. The product's specification and its
 * external contract live outside the checkout, so a citation of them helps no reader of the code; a comment, a doc
 * or a published description states its rule where it is used, or cites a file of the repository instead.
 */
const root = fileURLToPath(new URL("../", import.meta.url));
/** The two files that must name the outside documents to recognise them. */
const allowed = new Set(["test/stands-alone.test.ts", "test/support/outside-documents.ts"]);

/** Tracked files and new ones not ignored: a file is checked before its first commit too. */
const files = (): string[] =>
  execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root })
    .toString("utf8")
    .split("\0")
    .filter((path) => path !== "" && !allowed.has(path));

/** Text only: a NUL byte in the first 8 KiB marks a binary file (an image, a font). */
const textOf = (path: string): string | undefined => {
  const full = join(root, path);
  if (!existsSync(full)) return undefined; // deleted in the work tree, not yet committed
  const bytes = readFileSync(full);
  return bytes.subarray(0, 8192).includes(0) ? undefined : bytes.toString("utf8");
};

/** Every `file:line: text` that names an outside document. */
const citations = (): string[] => {
  const found: string[] = [];
  for (const path of files()) {
    const text = textOf(path);
    if (text === undefined) continue;
    text.split("\n").forEach((line, i) => {
      if (citesOutside(line)) found.push(`${path}:${i + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
};

describe("the repository stands alone", () => {
  it.skipIf(!existsSync(join(root, ".git")))(
    "no file cites the outside contract, design or style document, the service spec or the shared folder",
    () => {
      expect(citations()).toEqual([]);
    },
  );

  it("recognises each way an outside document is cited, and not the word contract", () => {
    // Assembled from parts, so that a plain text search of the repository for citations does not stop here.
    const contract = ["CONT", "RACT"].join("");
    const shared = ["..", "shared"].join("/");
    for (const line of [
      `(${contract}.md 9)`,
      `the rule of ${contract} section 2`,
      `see ${"design"}.md`,
      `${"STYLE"}.md says`,
      `spec/${"service"}-spec.md`,
      `${shared}/${contract}.md`,
      `in ${shared}`,
    ]) {
      expect(citesOutside(line), line).toBe(true);
    }
    for (const line of [
      "the contract's list envelope",
      "packages/iam/src/contract/index.ts",
      "CONTRACT_VIOLATION",
      'import { x } from "../shared/util.js";',
      "the spec's thresholds",
    ]) {
      expect(citesOutside(line), line).toBe(false);
    }
  });
});
