import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bootPlatform, createLogger, loadConfig } from "@platform/host";
import { contexts } from "../services/gateway/src/wiring.ts";
import { NO_DATA, dataSource } from "../scripts/ops/data-source.ts";

const scratch = mkdtempSync(join(tmpdir(), "ops-data-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `npm run ops -- <argv>` on the embedded engine at `dataDir`, as an operator runs it. */
const ops = (dataDir: string, ...argv: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, OPS_LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/ops/main.ts", ...argv], {
    env,
    encoding: "utf8",
  });
  return { code: run.status, stderr: run.stderr, stdout: run.stdout };
};

describe("which data the operators' CLI opens", () => {
  it("names the data folder (absolute) or the database without its password", () => {
    const dir = join(scratch, "named");
    mkdirSync(join(dir, "pglite"), { recursive: true });
    writeFileSync(join(dir, "pglite", "PG_VERSION"), "17\n");
    expect(dataSource({ dataDir: "named", databaseUrl: undefined, eventStoreUrl: undefined }, scratch)).toEqual({
      ok: true,
      opens: `ops: data folder ${dir} (embedded engine)`,
    });
    const urls = {
      databaseUrl: "postgres://ops:s3cret@db.internal:5432/platform",
      eventStoreUrl: "kurrentdb://admin:pw@kurrent:2113?tls=false",
    };
    expect(dataSource({ dataDir: "./data", ...urls })).toEqual({
      ok: true,
      opens:
        "ops: database postgres://ops@db.internal:5432/platform; events in kurrentdb://admin@kurrent:2113?tls=false",
    });
  });

  it("refuses a data folder that is not there, or holds no database", () => {
    expect(dataSource({ dataDir: "absent", databaseUrl: undefined, eventStoreUrl: undefined }, scratch)).toEqual({
      ok: false,
      refusal:
        `ops: no data folder at ${join(scratch, "absent")} (DATA_DIR); ` +
        "point DATA_DIR at the service's data folder, or set DATABASE_URL",
    });
    mkdirSync(join(scratch, "empty"));
    expect(dataSource({ dataDir: "empty", databaseUrl: undefined, eventStoreUrl: undefined }, scratch)).toEqual({
      ok: false,
      refusal:
        `ops: the data folder ${join(scratch, "empty")} (DATA_DIR) holds no database (no pglite/PG_VERSION); ` +
        "has the service ever started on it?",
    });
  });

  it("the CLI exits 66 and makes nothing where no database is", () => {
    const dir = join(scratch, "typo");
    const run = ops(dir, "verify");
    expect(run.code).toBe(NO_DATA);
    expect(run.stderr).toBe(
      `ops: no data folder at ${dir} (DATA_DIR); point DATA_DIR at the service's data folder, or set DATABASE_URL\n`,
    );
    expect(existsSync(dir)).toBe(false);
  });

  it("the CLI says on stderr which folder it opened, and runs the command there", { timeout: 120_000 }, async () => {
    const dir = join(scratch, "service");
    const platform = await bootPlatform({
      config: loadConfig({ DATA_DIR: dir }),
      contexts,
      log: createLogger("silent"),
    });
    await platform.close();
    const run = ops(dir, "verify");
    expect(run.stderr.split("\n")[0]).toBe(`ops: data folder ${dir} (embedded engine)`);
    expect(run.code).toBe(0);
  });
});
