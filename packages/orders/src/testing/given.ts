import { isDomainError } from "@platform/kernel";
import type { CommandContext } from "@platform/kernel";
import type { OrderCommand } from "../order/commands.ts";
import { decideOrder } from "../order/decide.ts";
import type { OrderEvent } from "../order/events.ts";
import { evolveOrder, initialOrderState } from "../order/state.ts";
import type { OrderState } from "../order/state.ts";

export const testContext = (now = "2026-01-02T03:04:05.000Z"): CommandContext => ({ now: new Date(now), newId: () => "00000000-0000-7000-8000-000000000000" });

export const fold = (events: readonly OrderEvent[]): OrderState => events.reduce(evolveOrder, initialOrderState());

/**
 * Given/when/then for the order decider: `given(events).when(command).then(events)` or
 * `.thenRejects(code)`. `when` decides against the folded `given` events, purely.
 */
export const given = (history: readonly OrderEvent[]) => ({
  when: (command: OrderCommand, ctx: CommandContext = testContext()) => {
    const run = () => {
      const out = decideOrder(command, fold(history), ctx);
      return Array.isArray(out) ? (out as OrderEvent[]) : [out as OrderEvent];
    };
    return {
      then: (expected: readonly OrderEvent[]) => {
        const actual = run();
        if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`Expected ${JSON.stringify(expected)}\n but got ${JSON.stringify(actual)}`);
      },
      thenRejects: (code: string, messagePart?: string) => {
        try {
          run();
        } catch (e) {
          if (!isDomainError(e)) throw e;
          if (e.code !== code) throw new Error(`Expected ${code} but got ${e.code}: ${e.message}`);
          if (messagePart && !e.message.includes(messagePart)) throw new Error(`Expected message with '${messagePart}' but got '${e.message}'`);
          return;
        }
        throw new Error(`Expected ${code} but the command was accepted`);
      },
      /** Rejected as VALIDATION_FAILED whose first issue names `field` (the API reports it as `details.field`). */
      thenRejectsField: (field: string) => {
        try {
          run();
        } catch (e) {
          if (!isDomainError(e)) throw e;
          const path = Array.isArray(e.details) ? (e.details[0] as { path?: string } | undefined)?.path : undefined;
          if (e.code !== "VALIDATION_FAILED" || path !== field) throw new Error(`Expected VALIDATION_FAILED on ${field} but got ${e.code} on ${String(path)}: ${e.message}`);
          return;
        }
        throw new Error(`Expected a rejection of ${field} but the command was accepted`);
      },
      events: run,
    };
  },
});
