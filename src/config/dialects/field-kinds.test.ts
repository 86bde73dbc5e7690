import { describe, expect, it } from "vitest";
import { acceptsFieldValue } from "./field-kinds.js";
import { commandHandlerFields, localEntryFields } from "./handler-fields.js";

describe("acceptsFieldValue", () => {
  it.each([
    ["a trimmed command", commandHandlerFields.command, " ./a.sh ", true],
    ["a blank command", commandHandlerFields.command, "  ", false],
    ["a positive timeout", commandHandlerFields.timeout, 0.5, true],
    ["a zero timeout", commandHandlerFields.timeout, 0, false],
    ["a token count", commandHandlerFields.additionalContextLimit, 0, true],
    ["a fractional token count", commandHandlerFields.additionalContextLimit, 1.5, false],
    ["an environment of strings", localEntryFields.env, { LEVEL: "strict" }, true],
    ["an environment with a number", localEntryFields.env, { LEVEL: 1 }, false],
  ] as const)("%s: %s", (_name, field, value, accepted) => {
    expect(acceptsFieldValue(field, value)).toBe(accepted);
  });

  it("asks zod when the plain reader leaves the value to it (a __proto__ key, which zod drops)", () => {
    const value = JSON.parse('{"__proto__": "x", "LEVEL": "strict"}') as unknown;
    expect(acceptsFieldValue(localEntryFields.env, value)).toBe(true);
  });
});
