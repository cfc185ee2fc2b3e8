import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DirectoryInUse, lockDirectory } from "./directory-lock.ts";

const root = mkdtempSync(join(tmpdir(), "dir-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const holder = (dir: string) => JSON.parse(readFileSync(`${dir}.lock`, "utf8")).pid as number;

/** A process that is alive until killed, and the pid of one that has exited. */
const liveProcess = () => spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
const deadPid = async () => {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => child.once("exit", r));
  return child.pid!;
};

describe("the embedded engine's data-directory lock", () => {
  it("is this process's while held, shared by its opens, and gone once the last one releases it", () => {
    const dir = join(root, "mine");
    const first = lockDirectory(dir);
    expect(holder(dir)).toBe(process.pid);
    const second = lockDirectory(dir);
    first();
    first(); // twice is once
    expect(holder(dir)).toBe(process.pid);
    second();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a directory a live process holds, naming it, and leaves its lock alone", async () => {
    const dir = join(root, "taken");
    const other = liveProcess();
    try {
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: other.pid }));
      expect(() => lockDirectory(dir)).toThrow(DirectoryInUse);
      expect(() => lockDirectory(dir)).toThrow(`The data directory ${dir} is in use by process ${other.pid}`);
      expect(holder(dir)).toBe(other.pid);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over at once the lock of a process killed without releasing it, or a half-written one", async () => {
    for (const content of [JSON.stringify({ pid: await deadPid() }), '{"pid":']) {
      const dir = join(root, `stale-${content.length}`);
      writeFileSync(`${dir}.lock`, content);
      const release = lockDirectory(dir);
      expect(holder(dir)).toBe(process.pid);
      release();
      expect(existsSync(`${dir}.lock`)).toBe(false);
    }
  });
});
