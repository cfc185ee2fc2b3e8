import { expect } from "vitest";
import type { TestPlatform } from "@platform/http/testing";

/** A JSON answer, untyped: the tests assert its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (r: Response): Promise<any> => r.json();

/**
 * The jobs API as the tests call it (as `admin` unless told): a definition written, a job
 * scheduled (201 asserted, its id), a job read, and a wait for a job's status.
 */
export const jobsClient = (platform: () => TestPlatform) => {
  const t = platform;
  const job = async (id: string, token = "admin") => json(await t().request("GET", `/resources/jobs/${id}`, { token }));
  return {
    async putDefinition(id: string, body: Record<string, unknown>, token = "admin") {
      const r = await t().request("PUT", `/resources/job-definitions/${id}`, { token, body });
      expect(r.status, await r.clone().text()).toBeLessThan(300);
      return json(r);
    },
    async schedule(body: Record<string, unknown>, token = "admin"): Promise<string> {
      const r = await t().request("POST", "/resources/jobs", { token, body });
      expect(r.status, await r.clone().text()).toBe(201);
      return (await json(r)).jobId as string;
    },
    job,
    /** Resolves once the job's status matches (10 s at most). */
    until: (id: string, status: RegExp | string) =>
      expect
        .poll(async () => (await job(id)).status, { timeout: 10_000, interval: 20 })
        .toMatch(typeof status === "string" ? new RegExp(`^${status}$`) : status),
  };
};
