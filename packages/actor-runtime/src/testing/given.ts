import { isDomainError } from "@platform/kernel";
import type { Command, CommandContext, Decider, Event } from "@platform/kernel";

/** A fixed command context for decider specs: a fixed clock and a fixed new id. */
export const testContext = (now = "2026-01-02T03:04:05.000Z"): CommandContext => ({
  now: new Date(now),
  newId: () => "00000000-0000-7000-8000-000000000000",
});

const issuePath = (details: unknown): string | undefined =>
  Array.isArray(details) ? (details[0] as { path?: string } | undefined)?.path : undefined;

/**
 * Given/when/then for a pure decider: `givenFor(decider)` gives `given(events).when(command)`
 * with `.then(events)`, `.thenRejects(code, messagePart?)`, `.thenRejectsField(field)` or
 * `.events()`. `when` decides against the folded `given` events, purely; `fold` folds a history.
 */
export const givenFor = <S, C extends Command, E extends Event>(decider: Decider<S, C, E>) => {
  const fold = (events: readonly E[]): S => events.reduce(decider.evolve, decider.initialState());
  const given = (history: readonly E[]) => ({
    when: (command: C, ctx: CommandContext = testContext()) => {
      const run = (): E[] => {
        const out = decider.decide(command, fold(history), ctx);
        return Array.isArray(out) ? [...(out as readonly E[])] : [out as E];
      };
      const rejection = (): unknown => {
        try {
          run();
        } catch (e) {
          if (!isDomainError(e)) throw e;
          return e;
        }
        return undefined;
      };
      return {
        then: (expected: readonly E[]) => {
          const actual = run();
          if (JSON.stringify(actual) !== JSON.stringify(expected))
            throw new Error(`Expected ${JSON.stringify(expected)}\n but got ${JSON.stringify(actual)}`);
        },
        thenRejects: (code: string, messagePart?: string) => {
          const e = rejection();
          if (!isDomainError(e)) throw new Error(`Expected ${code} but the command was accepted`);
          if (e.code !== code) throw new Error(`Expected ${code} but got ${e.code}: ${e.message}`);
          if (messagePart && !e.message.includes(messagePart))
            throw new Error(`Expected message with '${messagePart}' but got '${e.message}'`);
        },
        /** Rejected as VALIDATION_FAILED whose first issue names `field` (the API reports it as `details.field`). */
        thenRejectsField: (field: string) => {
          const e = rejection();
          if (!isDomainError(e)) throw new Error(`Expected a rejection of ${field} but the command was accepted`);
          const path = issuePath(e.details);
          if (e.code !== "VALIDATION_FAILED" || path !== field)
            throw new Error(
              `Expected VALIDATION_FAILED on ${field} but got ${e.code} on ${String(path)}: ${e.message}`,
            );
        },
        events: run,
      };
    },
  });
  return { given, fold };
};
