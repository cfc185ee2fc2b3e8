import { refusalLines, serviceClient } from "../client/service-client.ts";
import { ingressLines } from "./deploy.ts";
import type { Io } from "./io.ts";
import { UsageError } from "./io.ts";

/**
 * `platform apps rollback APP_ID --to VERSION --url URL`: POST /resources/apps/{appId}/rollback with the token of
 * `--token` or PLATFORM_TOKEN (it needs apps:write; the caller becomes the installer of the new version). Prints
 * the version the service answered and the ingresses; a refusal prints the service's error code and exits 1.
 */
export const rollback = async (
  io: Io,
  appId: string,
  to: string | undefined,
  url: string | undefined,
  token: string | undefined,
) => {
  if (to === undefined) throw new UsageError("rollback needs the version to go back to (--to VERSION)");
  if (!/^\d+$/.test(to) || !Number.isSafeInteger(Number(to)))
    throw new UsageError(`--to takes a version number (as platform apps deploy printed it), not '${to}'`);
  if (!url) throw new UsageError("rollback needs the service's address (--url URL)");
  if (!token) throw new UsageError("rollback needs a token holding apps:write (--token TOKEN or PLATFORM_TOKEN)");
  const version = Number(to);
  let answer;
  try {
    answer = await serviceClient(url, token).POST("/resources/apps/{appId}/rollback", {
      params: { path: { appId } },
      body: { version },
    });
  } catch (e) {
    io.err(`cannot reach ${url}: ${(e as Error).message}`);
    return 1;
  }
  const { data, error, response } = answer;
  if (!data) {
    for (const line of refusalLines(response.status, error)) io.err(line);
    return 1;
  }
  // The service answers the version it is at: the one asked for only when it was already current.
  io.out(
    data.version === version
      ? `${data.appId} is at version ${version} already on ${url}: nothing changed`
      : `rolled back ${data.appId} on ${url} to version ${version}: now version ${data.version}`,
  );
  const ingresses = data.ingresses.map((i) => ({
    id: i.id,
    url: i.url,
    method: i.properties.httpMethod,
    isPublic: i.properties.isPublic ?? false,
  }));
  for (const line of ingressLines({ appId: data.appId, ingresses })) io.out(line);
  return 0;
};
