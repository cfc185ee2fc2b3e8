import { parse, protocol } from "@electric-sql/pglite";
import type { PGlite, Results } from "@electric-sql/pglite";
import pgUtils from "pg/lib/utils.js";
import { isStalePlan, preparedName } from "./prepared.ts";

const { serialize } = protocol;

const concat = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * Parameterised statements on embedded PGlite, sent as a client on a socket sends them: one
 * message of Parse (only the first time a text is seen), Bind, Describe, Execute and Sync, so
 * PGlite's engine is entered once per statement. `PGlite.query` enters it six times (parse,
 * describe the statement, bind, describe the portal, execute, sync) and parses and plans the
 * text on every call: a keyed read took about 530 µs that way and 170 µs this way on the
 * bench VM. Texts are named with the PostgreSQL pool's `preparedName` (single statements, at
 * most 500 of them, pattern searches not: others run unnamed, planned for their values), and
 * parameters are turned into text by node-postgres's own `prepareValue`, as on the
 * PostgreSQL engine, so the same SQL means the same on both.
 *
 * The caller serialises access (the pool's mutex): this writes to the engine directly,
 * outside PGlite's own queue.
 */
export const createPgliteStatements = (raw: PGlite) => {
  /** The names known to be parsed on this engine (they outlive transactions, as in PostgreSQL). */
  const prepared = new Set<string>();
  const parsers = (raw as unknown as { parsers: Parameters<typeof parse.parseResults>[1] }).parsers;

  const send = async (text: string, params: readonly unknown[], name: string): Promise<Results> => {
    const parts: Uint8Array[] = [];
    const parsing = name === "" || !prepared.has(name);
    // Close first (a no-op for a name the engine does not hold): a call that failed after its
    // Parse (a Bind or Execute refused) left the name behind, and a stale one must go.
    if (parsing && name !== "") parts.push(serialize.close({ type: "S", name }));
    if (parsing) parts.push(serialize.parse({ name, text }));
    parts.push(
      serialize.bind({ statement: name, values: params.map((p) => pgUtils.prepareValue(p)) as (string | null)[] }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    );
    try {
      const { messages } = await raw.execProtocol(concat(parts), { syncToFs: false });
      if (parsing && name !== "") prepared.add(name);
      return parse.parseResults(messages, parsers)[0]!;
    } catch (error) {
      // Whether this call's Parse took is unknown (a syntax error, an aborted transaction, or
      // a refusal after it); a stale plan must be made again: the next call parses anew.
      if (parsing || isStalePlan(error)) prepared.delete(name);
      throw error;
    }
  };

  return {
    /**
     * `retry`: run a statement whose plan went stale again at once (not inside a transaction,
     * which the error has aborted; there the next call parses it again).
     */
    async query(text: string, params: readonly unknown[], retry: boolean): Promise<Results> {
      const name = preparedName(text) ?? "";
      try {
        return await send(text, params, name);
      } catch (error) {
        if (!retry || name === "" || !isStalePlan(error)) throw error;
        return send(text, params, name);
      }
    },
  };
};
