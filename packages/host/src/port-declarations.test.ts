import { describe, expect, it } from "vitest";
import { bootPlatform } from "./boot.ts";
import { loadConfig } from "./config.ts";
import { defineContext } from "./context.ts";
import { createLogger } from "./logger.ts";
import { checkPortDeclarations, checkPortsProvided } from "./port-declarations.ts";
import { createPortRegistry, definePort } from "./ports.ts";

const clock = definePort<() => number>("clock");
const provider = defineContext({ name: "provider", provides: [clock] });

describe("the boot's checks of port declarations", () => {
  it("accepts a requirement some context of the list provides, and a use nobody provides", () => {
    const reader = defineContext({ name: "reader", requires: [clock], uses: [definePort("absent")] });
    expect(() => checkPortDeclarations([reader, provider])).not.toThrow();
  });

  it("refuses a port two contexts declare they provide, naming both", () => {
    const again = defineContext({ name: "again", provides: [clock] });
    expect(() => checkPortDeclarations([provider, again])).toThrow(
      'Port "clock" is provided by both context "provider" and context "again"',
    );
  });

  it("refuses a requirement no context of the list provides, naming the context and the port", () => {
    const reader = defineContext({ name: "reader", requires: [clock] });
    expect(() => checkPortDeclarations([reader])).toThrow(
      'Context "reader" requires port "clock", which no context of the platform provides',
    );
  });

  it("refuses a declared port the context's setup did not provide", () => {
    const registry = createPortRegistry();
    expect(() => checkPortsProvided([provider], registry)).toThrow(
      'Context "provider" declares it provides port "clock", but its setup did not',
    );
    registry.provide(clock, () => 0);
    expect(() => checkPortsProvided([provider], registry)).not.toThrow();
  });
});

describe("bootPlatform", () => {
  it("checks the declarations before it opens anything", async () => {
    const reader = defineContext({ name: "reader", requires: [clock] });
    const log = createLogger("silent");
    await expect(bootPlatform({ config: loadConfig({}), contexts: [reader], log })).rejects.toThrow(
      'Context "reader" requires port "clock"',
    );
  });
});
