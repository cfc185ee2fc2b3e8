import type { TestPlatform } from "@platform/http/testing";
import type { SendingRecord } from "../read-model/record.ts";

/**
 * Queues an email over the REST API as `token`, with a subject, body and category unless
 * `body` gives its own, and returns its records. Anything but 202 throws.
 */
export const queueEmailOverRest = async (
  t: TestPlatform,
  body: Record<string, unknown>,
  token = "writer",
): Promise<SendingRecord[]> => {
  const r = await t.request("POST", "/resources/sendings/email", {
    token,
    body: { subject: "s", body: { plainText: "x" }, category: "c", ...body },
  });
  if (r.status !== 202) throw new Error(`POST /resources/sendings/email answered ${r.status}: ${await r.text()}`);
  return ((await r.json()) as { sendings: SendingRecord[] }).sendings;
};

/** A sending as `GET /resources/sendings/{id}` shows it to `token`. */
export const getSendingOverRest = async (t: TestPlatform, id: string, token = "writer"): Promise<SendingRecord> =>
  (await (await t.request("GET", `/resources/sendings/${id}`, { token })).json()) as SendingRecord;
