import { hkdfSync, randomBytes } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dataKeyBytes } from "../config.ts";
import type { DatabaseConfig, PersonalDataConfig } from "../config.ts";

/** The key that wraps every subject's key (and the lookup-hash key), derived from DATA_KEY. */
export const wrappingKeyOf = (dataKey: Buffer): Buffer =>
  Buffer.from(hkdfSync("sha256", dataKey, "", "personal-data/key-wrapping", 32));

const DATA_KEY_FILE = "data-key";

/**
 * The file's key, or a new one written there first. Written aside and linked into place, so
 * processes starting together on one folder end up with the same key and none reads half a file.
 */
const keyFromFile = async (dataDir: string): Promise<Buffer> => {
  const path = join(dataDir, DATA_KEY_FILE);
  const read = async () => {
    const bytes = dataKeyBytes((await readFile(path, "utf8")).trim());
    if (!bytes) throw new Error(`${path} does not hold a data key (64 hex digits or base64 of 32 bytes)`);
    return bytes;
  };
  try {
    return await read();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  await mkdir(dataDir, { recursive: true });
  const aside = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(aside, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600 });
  try {
    await link(aside, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    await rm(aside, { force: true });
  }
  return read();
};

/**
 * DATA_KEY, or the key in DATA_DIR/data-key (made on first start). Production on PostgreSQL
 * refuses the file (loadConfig): a key kept beside the data protects nothing once both are copied.
 */
export const loadDataKey = async (
  config: Pick<PersonalDataConfig, "dataKey"> & Pick<DatabaseConfig, "dataDir">,
): Promise<{ readonly key: Buffer; readonly source: "DATA_KEY" | "file" }> => {
  if (config.dataKey) return { key: dataKeyBytes(config.dataKey)!, source: "DATA_KEY" };
  return { key: await keyFromFile(config.dataDir), source: "file" };
};
