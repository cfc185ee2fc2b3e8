import { describe, expect, it } from "vitest";
import { main } from "./main.ts";

const run = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => void out.push(l), err: (l) => void err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
};

describe("the platform command's uses", () => {
  it.each(["init", "check", "test", "dev", "deploy"])("apps %s --help prints its usage, exit 0", async (command) => {
    const help = await run("apps", command, "--help");
    expect([help.code, help.out.split("\n")[0]!.startsWith(`Usage: platform apps ${command} DIR`)]).toEqual([0, true]);
  });

  it("apps rollback --help prints its usage; without an app, --to or a version number it exits 2", async () => {
    const help = await run("apps", "rollback", "--help");
    expect([help.code, help.out.split("\n")[0]]).toEqual([
      0,
      "Usage: platform apps rollback APP_ID --to VERSION --url URL [--token TOKEN]",
    ]);
    const url = ["--url", "http://127.0.0.1:9", "--token", "t"];
    const first = async (...argv: string[]) => {
      const r = await run("apps", "rollback", ...argv);
      return [r.code, r.err.split("\n")[0]];
    };
    expect(await first("--to", "1", ...url)).toEqual([2, "platform apps rollback: which app?"]);
    expect(await first("shop", ...url)).toEqual([
      2,
      "platform apps rollback: rollback needs the version to go back to (--to VERSION)",
    ]);
    expect(await first("shop", "--to", "v1", ...url)).toEqual([
      2,
      "platform apps rollback: --to takes a version number (as platform apps deploy printed it), not 'v1'",
    ]);
    expect(await first("shop", "--to", "1", "--token", "t")).toEqual([
      2,
      "platform apps rollback: rollback needs the service's address (--url URL)",
    ]);
  });

  it("lists the commands with --help, and without any (exit 2)", async () => {
    expect(await run("--help")).toMatchObject({ code: 0, out: expect.stringContaining("  deploy DIR --url URL") });
    expect(await run()).toMatchObject({ code: 2, out: expect.stringContaining("  init DIR [--id ID]") });
    expect(await run("apps")).toMatchObject({ code: 2, out: expect.stringContaining("  check DIR") });
  });

  it("refuses an unknown command, a missing folder and an unknown option with exit 2", async () => {
    expect(await run("nosuch")).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^platform: unknown command nosuch/),
    });
    expect(await run("apps", "nosuch")).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^platform apps: unknown command nosuch/),
    });
    expect((await run("apps", "check")).err.split("\n")[0]).toBe("platform apps check: which folder?");
    expect((await run("apps", "check", "x", "--nosuch")).err.split("\n")[0]).toMatch(
      /^platform apps check: Unknown option '--nosuch'/,
    );
  });

  it("refuses an app id that is not one, and a folder that is not empty", async () => {
    expect((await run("apps", "init", "/tmp/x", "--id", "a b")).err.split("\n")[0]).toBe(
      "platform apps init: the app id 'a b' must be 1 to 64 of A-Z a-z 0-9 . _ ~ - (give one with --id)",
    );
    expect(await run("apps", "init", new URL(".", import.meta.url).pathname)).toMatchObject({
      code: 1,
      err: expect.stringMatching(/is not empty: init writes only into an empty or new folder$/),
    });
  });
});
