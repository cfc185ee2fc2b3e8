/**
 * The operators' CLI (`npm run ops -- <command>`): journal, replay, verify, rebuild. Boots
 * the platform with the service's own configuration and contexts, starts no followers,
 * runs one command and exits with its code. It says on stderr which data folder or database it
 * opens, and never makes an empty one (exit 66).
 */
import { ConfigError, bootPlatform, createLogger, loadConfig } from "@platform/host";
import { contexts } from "../../services/gateway/src/wiring.ts";
import { loadDotEnv } from "../../services/gateway/src/dotenv.ts";
import { parseArgs, usage } from "./args.ts";
import { NO_DATA, dataSource } from "./data-source.ts";
import { consoleOutput } from "./output.ts";
import { isCommand, runOps } from "./run.ts";

const main = async (): Promise<number> => {
  const argv = process.argv.slice(2);
  if (!isCommand(parseArgs(argv).command)) return runOps(argv, undefined as never, consoleOutput);
  loadDotEnv();
  let platform;
  try {
    const config = loadConfig();
    const source = dataSource(config);
    if (!source.ok) {
      process.stderr.write(`${source.refusal}\n`);
      return NO_DATA;
    }
    process.stderr.write(`${source.opens}\n`);
    platform = await bootPlatform({ config, contexts, log: createLogger(process.env.OPS_LOG_LEVEL ?? "warn") });
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return 78;
    }
    throw e;
  }
  try {
    return await runOps(argv, platform, consoleOutput);
  } finally {
    await platform.close();
  }
};

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`ops failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n${usage}\n`);
    process.exit(1);
  },
);
