import { readAppFolder } from "@platform/apps/folder";
import { formatProblem } from "../check/problem.ts";
import { refusalLines, serviceClient } from "../client/service-client.ts";
import type { Io } from "./io.ts";

/** What an install answered: the app's version and its ingresses' URLs; undefined when it failed (printed). */
export type Installed = {
  readonly appId: string;
  readonly version: number;
  readonly outcome: "installed" | "upgraded" | "unchanged";
  readonly ingresses: readonly {
    readonly url: string;
    readonly method: string;
    readonly isPublic: boolean;
    id: string;
  }[];
};

/**
 * Builds a folder as the service reads it (readAppFolder) and installs it with
 * `PUT /resources/apps/{appId}`. A folder that does not build, a service that cannot be reached
 * and a refusal are printed (the refusal with the envelope's code, message and details) and
 * answer undefined.
 */
export const installFolder = async (
  io: Io,
  dir: string,
  url: string,
  token: string,
): Promise<Installed | undefined> => {
  const folder = await readAppFolder(dir);
  if ("problems" in folder) {
    for (const p of folder.problems) io.err(formatProblem(p));
    return undefined;
  }
  const client = serviceClient(url, token);
  let answer;
  let previousVersion: number | undefined;
  try {
    // The version before, to tell an upgrade from an unchanged install (both answer 200); unknown without apps:read.
    previousVersion = (await client.GET("/resources/apps/{appId}", { params: { path: { appId: folder.appId } } })).data
      ?.version;
    answer = await client.PUT("/resources/apps/{appId}", {
      params: { path: { appId: folder.appId } },
      // The folder's manifest is JSON as written: the service checks it, and a refusal says what is wrong.
      body: folder.body as never,
    });
  } catch (e) {
    io.err(`cannot reach ${url}: ${(e as Error).message}`);
    return undefined;
  }
  const { data, error, response } = answer;
  if (!data) {
    for (const line of refusalLines(response.status, error)) io.err(line);
    return undefined;
  }
  const outcome = response.status === 201 ? "installed" : previousVersion === data.version ? "unchanged" : "upgraded";
  return {
    appId: data.appId,
    version: data.version,
    outcome,
    ingresses: data.ingresses.map((i) => ({
      id: i.id,
      url: i.url,
      method: i.properties.httpMethod,
      isPublic: i.properties.isPublic ?? false,
    })),
  };
};
