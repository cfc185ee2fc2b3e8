import { Table } from "../../html/table.tsx";
import { JsonBlock } from "../jobs/job-parts.tsx";
import type { RunRecord } from "./app-types.ts";

/*
 * The parts of a recorded run's page (app-run.tsx). Everything here is what a component and its caller sent, so it is
 * only ever text in the page (JSX escapes it), never markup.
 */

/** A string map (a query, headers) as a two-column table, or a dash when empty. */
const PairsTable = (props: { label: string; pairs: Readonly<Record<string, string>> }) => {
  const entries = Object.entries(props.pairs);
  if (!entries.length) return <p>—</p>;
  return (
    <Table label={props.label} columns={[{ title: "Name" }, { title: "Value" }]}>
      {entries.map(([name, value]) => (
        <tr>
          <td class="mono">{name}</td>
          <td class="mono">{value}</td>
        </tr>
      ))}
    </Table>
  );
};

/** The run's input: its params, and for an ingress the request's method, path, query and headers. */
export const RunInput = (props: { input: RunRecord["input"] }) => {
  const { params, request } = props.input;
  return (
    <>
      <h3 id="params-heading">Params</h3>
      <JsonBlock label="Params" value={params} />
      {request ? (
        <>
          <h3 id="request-heading">Request</h3>
          <dl class="facts">
            <dt>Method</dt>
            <dd class="mono">{request.method}</dd>
            <dt>Path</dt>
            <dd class="mono">{request.path}</dd>
          </dl>
          <h4>Query</h4>
          <PairsTable label="Query" pairs={request.query} />
          <h4>Headers</h4>
          <PairsTable label="Headers" pairs={request.headers} />
          <p class="hint">Authorization and cookies are never recorded; the JSON body is the params.</p>
        </>
      ) : (
        <p class="hint">A job's run: its params are the job's parameters.</p>
      )}
    </>
  );
};

/** JSON on one line for a table cell (`undefined` when the value is absent). */
const oneLine = (value: unknown) => JSON.stringify(value) ?? "undefined";

/** What a ctx call was answered: its value, its refusal, or nothing when the run ended first. */
const Answer = (props: { answer: RunRecord["calls"][number]["answer"] }) => {
  const { answer } = props;
  if (answer === null) return <span class="hint">not answered: the run ended first</span>;
  if (answer.ok) return <pre class="json">{oneLine(answer.value)}</pre>;
  const { code, status, message } = answer.error;
  return (
    <>
      <span class="badge warn">{["refused", code, status].filter((x) => x !== undefined).join(" ")}</span>
      <pre class="json">{message}</pre>
    </>
  );
};

/** Each ctx call in the order the component made it, with its arguments and its answer. */
export const CallsTable = (props: { calls: RunRecord["calls"] }) =>
  props.calls.length ? (
    <Table
      labelledBy="calls-heading"
      columns={[{ title: "#" }, { title: "Call" }, { title: "Arguments" }, { title: "Answer" }]}
    >
      {props.calls.map((call, i) => (
        <tr>
          <td>{String(i + 1)}</td>
          <td class="mono">{`ctx.${call.name}`}</td>
          <td>
            <pre class="json">{call.args.map(oneLine).join(",\n")}</pre>
          </td>
          <td>
            <Answer answer={call.answer} />
          </td>
        </tr>
      ))}
    </Table>
  ) : (
    <p>The run made no ctx call.</p>
  );

/** The lines the component logged, in order. */
export const LogsTable = (props: { logs: RunRecord["logs"] }) =>
  props.logs.length ? (
    <Table labelledBy="logs-heading" columns={[{ title: "Level" }, { title: "Line" }]}>
      {props.logs.map((log) => (
        <tr>
          <td>{log.level}</td>
          <td class="mono">{log.line}</td>
        </tr>
      ))}
    </Table>
  ) : (
    <p>The run logged nothing.</p>
  );

/** The command that runs the app's folder, as it is now, on this record (`platform apps replay`); a copy button. */
export const ReplayCommand = (props: { record: RunRecord; publicUrl: string }) => {
  const { record } = props;
  const command = `npx platform apps replay ${record.runId} DIR --app ${record.appId} --url ${props.publicUrl}`;
  return (
    <>
      <pre class="json">
        <code id="replay-command">{command}</code>
      </pre>
      <div class="actions">
        <button type="button" class="secondary" data-copy="replay-command">
          Copy
        </button>
      </div>
      <p class="hint">
        {`DIR is the app's folder. The command reads this record with a token holding apps/${record.appId}:debug ` +
          "(--token or PLATFORM_TOKEN), gives the component its params, seed, clock, ids and each ctx call its " +
          "recorded answer, and prints its logs, the first call that differs and its outcome."}
      </p>
      {record.truncated ? (
        <p class="hint">
          This record was too large to keep whole: its ctx answers were dropped, so it cannot be replayed.
        </p>
      ) : null}
    </>
  );
};
