import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DatabaseConfig } from "@platform/host";

/**
 * Exit code when the embedded engine's data folder is missing or holds no database (sysexits'
 * EX_NOINPUT: the input named does not exist). The configuration itself is valid (that would be
 * 78), it just points where there is nothing to read: opening it would make an empty database,
 * and `verify` or `journal` would then report a clean, empty journal instead of the real one.
 */
export const NO_DATA = 66;

export type DataSource =
  | { readonly ok: true; readonly opens: string }
  | { readonly ok: false; readonly refusal: string };

/** A URL without its password, to say on stderr which server is opened. */
const withoutPassword = (url: string): string => {
  const u = new URL(url);
  u.password = "";
  return u.toString();
};

/**
 * What the CLI is about to open, said on stderr before it boots (an operator reading a journal
 * must know whose journal it is); on the embedded engine, a refusal when the data folder has no
 * database yet.
 */
export const dataSource = (
  config: Pick<DatabaseConfig, "dataDir" | "databaseUrl" | "eventStoreUrl">,
  cwd: string = process.cwd(),
): DataSource => {
  const events = config.eventStoreUrl ? `; events in ${withoutPassword(config.eventStoreUrl)}` : "";
  if (config.databaseUrl) return { ok: true, opens: `ops: database ${withoutPassword(config.databaseUrl)}${events}` };
  const dir = resolve(cwd, config.dataDir);
  if (!existsSync(dir))
    return {
      ok: false,
      refusal:
        `ops: no data folder at ${dir} (DATA_DIR); ` +
        "point DATA_DIR at the service's data folder, or set DATABASE_URL",
    };
  if (!existsSync(join(dir, "pglite", "PG_VERSION")))
    return {
      ok: false,
      refusal:
        `ops: the data folder ${dir} (DATA_DIR) holds no database (no pglite/PG_VERSION); ` +
        "has the service ever started on it?",
    };
  return { ok: true, opens: `ops: data folder ${dir} (embedded engine)${events}` };
};
