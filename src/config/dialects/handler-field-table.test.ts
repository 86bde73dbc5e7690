import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createHandlerSchema,
  extendFields,
  listHandlerKeys,
  omitFields,
  rewordFields,
} from "./handler-field-table.js";

const base = {
  command: {
    kind: "trimmed-text",
    required: true,
    messages: { empty: "command must not be empty" },
  },
  timeout: { kind: "seconds" },
  statusMessage: { kind: "text" },
} as const;

describe("field tables", () => {
  it("extends in place and after, omits, and lists `type` first", () => {
    const extended = extendFields(omitFields(base, ["statusMessage"]), {
      command: { kind: "command", required: true },
      persistent: { kind: "boolean" },
    });
    expect(Object.keys(extended)).toEqual(["command", "timeout", "persistent"]);
    expect(extended.command.kind).toBe("command");
    expect([...listHandlerKeys(extended)]).toEqual(["type", "command", "timeout", "persistent"]);
    expect(Object.keys(base)).toEqual(["command", "timeout", "statusMessage"]);
  });

  it("rewords every field by its kind", () => {
    const reworded = rewordFields(base, { text: { type: "must be a string" } });
    expect(reworded.statusMessage.messages).toEqual({ type: "must be a string" });
    expect(reworded.command.messages).toEqual({});
    expect(reworded.command.required).toBe(true);
  });

  it("builds a schema that reports in the table's order, with the table's messages", () => {
    const schema = createHandlerSchema(z, base);
    const parsed = schema.safeParse({ type: "command", statusMessage: 1, command: " " });
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["command"], "command must not be empty"],
      [["statusMessage"], "Invalid input: expected string, received number"],
    ]);
    expect(schema.safeParse({ type: "command", command: " ./a.sh " }).data).toEqual({
      command: "./a.sh",
    });
  });
});
