import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { clientToken, freshStorage, startServiceProcess } from "./service-process.ts";
import type { ServiceProcess } from "./service-process.ts";

/**
 * For a file of tests of the kit's commands against a running service: a work folder, and a service process on the
 * engine this run uses (PostgreSQL when DATABASE_URL is set) with an owner client whose token `token` holds, started
 * before the file's own `beforeAll` and removed after its tests. `url` and `token` are set once it runs.
 */
export const useKitService = (name: string) => {
  const kit = { work: mkdtempSync(join(tmpdir(), `platform-${name}-`)), url: "", token: "" };
  const client = { BOOTSTRAP_CLIENT_ID: `${name}-e2e`, BOOTSTRAP_CLIENT_SECRET: `${name}-e2e-secret-0123456789` };
  let storage: Awaited<ReturnType<typeof freshStorage>> | undefined;
  let service: ServiceProcess | undefined;
  beforeAll(async () => {
    storage = await freshStorage(join(kit.work, "data"));
    service = await startServiceProcess({ ...storage.env, ...client });
    kit.url = service.url;
    kit.token = await clientToken(service.url, client);
  });
  afterAll(async () => {
    await service?.stop();
    await storage?.drop();
    rmSync(kit.work, { recursive: true, force: true });
  });
  return kit;
};
