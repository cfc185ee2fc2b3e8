import { describe, expect, it } from "vitest";
import { DomainError } from "@platform/kernel";
import { bodyRelative, ownCommandCount } from "./report-error.ts";

const rejected = (commandIndex: number, command: string, reason: string, details?: unknown) =>
  new DomainError("COMMAND_REJECTED", "no", {
    commandIndex,
    command,
    reason,
    ...(details !== undefined ? { details } : {}),
  });

describe("errors reported against the message body", () => {
  it.each([
    [3, { commands: [1, 2] }, 1],
    [2, { commands: [1, 2] }, 0],
    [1, { commands: [] }, 1],
    [3, { amounts: [1, 2] }, 0],
    [0, undefined, 0],
  ])("a batch of %i for %j has %i own commands", (batch, body, own) => expect(ownCommandCount(batch, body)).toBe(own));

  it("counts commandIndex into the body's commands (rule-emitted ones get commands.length)", () => {
    expect(bodyRelative(rejected(3, "createOrderLine", "NOT_FOUND"), 1).details).toEqual({
      commandIndex: 2,
      command: "createOrderLine",
      reason: "NOT_FOUND",
    });
    expect(bodyRelative(rejected(2, "applyDefaultTax", "VALIDATION_FAILED"), 1).details).toEqual({
      commandIndex: 1,
      command: "applyDefaultTax",
      reason: "VALIDATION_FAILED",
    });
  });

  it("reports a failure of the message's own fields without commandIndex, naming the field", () => {
    const e = bodyRelative(
      rejected(0, "createOrder", "VALIDATION_FAILED", [{ path: "currencyCode", message: "bad" }]),
      1,
    );
    expect([e.code, e.message, e.details]).toEqual([
      "COMMAND_REJECTED",
      "no",
      { field: "currencyCode", reason: "VALIDATION_FAILED", details: [{ path: "currencyCode", message: "bad" }] },
    ]);
    expect(bodyRelative(rejected(0, "createOrder", "CONFLICT"), 1).details).toEqual({ reason: "CONFLICT" });
  });

  it("leaves other errors and bodies without commands alone", () => {
    const conflict = new DomainError("CONFLICT", "busy");
    expect(bodyRelative(conflict, 1)).toBe(conflict);
    const plain = rejected(1, "add", "VALIDATION_FAILED");
    expect(bodyRelative(plain, 0)).toBe(plain);
  });
});
