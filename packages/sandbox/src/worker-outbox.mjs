// @ts-check
/**
 * What a thread sends the host: each turn's messages as one (a `batch` of several), so the
 * runs an answer batch resumed end together, and one message wakes the host once instead of
 * once per run. `flush` sends at once what the turn has (before the thread looks for its
 * next job: the host may be waiting for it).
 * @typedef {import("./protocol.ts").FromWorker} FromWorker
 * @param {import("node:worker_threads").MessagePort} port
 */
export const createOutbox = (port) => {
  /** @type {FromWorker[]} */
  let outbox = [];
  const flush = () => {
    if (outbox.length === 0) return;
    const out = outbox;
    outbox = [];
    port.postMessage(out.length === 1 ? out[0] : { type: "batch", messages: out });
  };
  /** @param {FromWorker} message */
  const post = (message) => {
    if (outbox.push(message) === 1) setImmediate(flush);
  };
  return { post, flush };
};
