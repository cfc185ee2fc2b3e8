import type { Clock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";

/**
 * What the job-definitions route tests share: a platform with two apps installed, shop (report,
 * cleanup) and tools (cleanup), so a bare `cleanup` names two components; and requests to it.
 */
export const startDefinitionsPlatform = async (clock: Clock): Promise<TestPlatform> => {
  const report = componentSource("return { ok: true };", "{ day: { type: 'text' } }");
  const t = await jobsTestPlatform(clock);
  await install(t, appBody("shop", { report, cleanup: report }));
  await install(t, appBody("tools", { cleanup: report }));
  return t;
};

/** PUT, PATCH and GET of one definition, on the platform `platform()` answers when called. */
export const definitionRequests = (platform: () => TestPlatform) => ({
  put: (id: string, body: unknown, token = "ops", headers: Record<string, string> = {}) =>
    platform().request("PUT", `/resources/job-definitions/${id}`, { token, body, headers }),
  patch: (id: string, body: unknown, token = "ops", headers: Record<string, string> = {}) =>
    platform().request("PATCH", `/resources/job-definitions/${id}`, { token, body, headers }),
  get: (id: string, token = "ops") => platform().request("GET", `/resources/job-definitions/${id}`, { token }),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const j = (r: Response): Promise<any> => r.json();
export const issues = async (r: Response) =>
  ((await j(r)) as { error: { code: string; details: { path: string; message: string }[] } }).error;
