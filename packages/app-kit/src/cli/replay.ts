import { readFile, writeFile } from "node:fs/promises";
import { refusalLines, serviceClient } from "../client/service-client.ts";
import { replayRun } from "../replay.ts";
import type { Divergence, RecordedRun } from "../replay.ts";
import type { CtxCall } from "../run-component.ts";
import type { Io } from "./io.ts";
import { UsageError } from "./io.ts";

export type ReplayOptions = {
  readonly app?: string | undefined;
  readonly url?: string | undefined;
  readonly token?: string | undefined;
  readonly file?: string | undefined;
  readonly save?: string | undefined;
};

/** JSON on one line, cut for a terminal. */
const shown = (value: unknown, max = 240) => {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
};
const callText = (c: CtxCall) => `ctx.${c.name}(${c.args.map((a) => shown(a, 120)).join(", ")})`;

/** The divergence as one line or two: which call, what the record had and what this run did. */
const divergenceLines = (d: Divergence | null): string[] => {
  if (!d) return ["no divergence: every ctx call was the recorded one, in order, with the same arguments"];
  const at = `divergence at ctx call ${d.index + 1}:`;
  if (d.kind === "missing") return [`${at} this run made no call where the recorded run made ${callText(d.recorded)}`];
  if (d.kind === "arguments")
    return [
      `${at} ctx.${d.call.name} with other arguments`,
      `  recorded ${callText(d.recorded)}`,
      `  now      ${callText(d.call)}`,
    ];
  return [
    `${at} the recorded run made ${d.recorded ? callText(d.recorded) : "no further call"} here`,
    `  now ${callText(d.call)}`,
  ];
};

/** The record: from --file, or GET /resources/apps/{appId}/runs/{runId} (it needs apps/<appId>:debug). */
const fetchRecord = async (io: Io, runId: string, options: ReplayOptions): Promise<RecordedRun | undefined> => {
  if (options.file) return JSON.parse(await readFile(options.file, "utf8")) as RecordedRun;
  if (!options.app) throw new UsageError("replay needs the run's app (--app APP_ID), or its record (--file FILE)");
  if (!options.url) throw new UsageError("replay needs the service's address (--url URL), or the record (--file FILE)");
  if (!options.token)
    throw new UsageError("replay needs a token holding apps/<appId>:debug (--token or PLATFORM_TOKEN)");
  let answer;
  try {
    answer = await serviceClient(options.url, options.token).GET("/resources/apps/{appId}/runs/{runId}", {
      params: { path: { appId: options.app, runId } },
    });
  } catch (e) {
    io.err(`cannot reach ${options.url}: ${(e as Error).message}`);
    return undefined;
  }
  if (!answer.data) {
    for (const line of refusalLines(answer.response.status, answer.error)) io.err(line);
    return undefined;
  }
  return answer.data;
};

/**
 * `platform apps replay RUN_ID DIR --app APP_ID --url URL` (or `--file FILE`): runs DIR's component, as it is now, on
 * the recorded run (replay.ts) and prints its logs, its first divergence from the record and its outcome; exit 0 when
 * the outcome is ok. `--save FILE` keeps the record fetched, to replay it again offline.
 */
export const replay = async (io: Io, runId: string, dir: string | undefined, options: ReplayOptions) => {
  if (dir === undefined) throw new UsageError("replay needs the app folder to run (RUN_ID DIR)");
  const record = await fetchRecord(io, runId, options);
  if (!record) return 1;
  if (record.runId !== runId)
    throw new UsageError(`the record in ${options.file} is of run ${record.runId}, not ${runId}`);
  if (options.save) await writeFile(options.save, `${JSON.stringify(record, null, 2)}\n`);
  const was = record.outcome === "ok" ? "ok" : `${record.outcome}: ${record.errorMessage}`;
  io.out(`replaying run ${runId} of ${record.appId}/${record.componentId} (${record.at}, ${was}) with ${dir}`);
  if (record.seed === null) io.out("  (the run's Math.random seed was not recorded: its draws will differ)");
  let run;
  try {
    run = await replayRun(dir, record);
  } catch (e) {
    io.err(`cannot replay: ${(e as Error).message}`);
    return 1;
  }
  for (const log of run.logs)
    io.out(`[${record.componentId} ${runId}] ${log.level === "log" ? "" : `${log.level}: `}${log.line}`);
  for (const line of divergenceLines(run.divergence)) io.out(line);
  if (run.ok) io.out(`outcome: ok (200) ${shown(run.value)}`);
  else io.out(`outcome: ${run.status} ${run.error.code} ${run.error.message}`);
  return run.ok ? 0 : 1;
};
