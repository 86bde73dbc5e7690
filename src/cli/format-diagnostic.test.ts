import { describe, expect, it } from "vitest";
import { createDiagnostic } from "../diagnostic.js";
import { formatDiagnosticLine } from "./format-diagnostic.js";

describe("formatDiagnosticLine", () => {
  it("appends the file and path", () => {
    const diagnostic = createDiagnostic("unknown_event", "warning", "no such event", {
      file: "/p/settings.json",
      path: "hooks.X",
    });
    expect(formatDiagnosticLine(diagnostic)).toBe(
      "warning unknown_event: no such event (/p/settings.json hooks.X)",
    );
  });

  it("does not repeat a place the message already ends with", () => {
    const where = { file: "/p/settings.json", path: "hooks.PreToolUse[0].hooks[0]" };
    const diagnostic = createDiagnostic(
      "nonzero_exit",
      "warning",
      'PreToolUse hook "./x.sh" exited with code 1 (/p/settings.json hooks.PreToolUse[0].hooks[0])',
      where,
    );
    expect(formatDiagnosticLine(diagnostic)).toBe(`warning nonzero_exit: ${diagnostic.message}`);
  });
});
