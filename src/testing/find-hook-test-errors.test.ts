import { describe, expect, it } from "vitest";
import type { RunStatus, RunSummary } from "../decide/dispatch-result.js";
import { createDiagnostic, type Diagnostic, type DiagnosticCode } from "../diagnostic.js";
import { findHookTestErrors } from "./find-hook-test-errors.js";

const at = { file: "hooks.json", path: "hooks.PreToolUse[0].hooks[0]" };

function run(status: RunStatus, exitCode: number | null = null): RunSummary {
  return {
    id: "PreToolUse:0:0",
    command: "./guard.sh",
    source: at.file,
    path: at.path,
    status,
    exitCode,
    signal: null,
    durationMs: 1,
  };
}

function diagnostic(code: DiagnosticCode, severity: Diagnostic["severity"]): Diagnostic {
  return createDiagnostic(code, severity, `${code} happened`, at);
}

describe("findHookTestErrors", () => {
  it.each([
    [
      "an error-severity load diagnostic",
      [],
      [diagnostic("config_not_found", "error")],
      ["config_not_found"],
    ],
    [
      "a failed run, by its warning",
      [run("error", 127)],
      [diagnostic("nonzero_exit", "warning")],
      ["nonzero_exit"],
    ],
    ["a timed-out run", [run("timeout")], [diagnostic("timeout", "warning")], ["timeout"]],
    [
      "output that does not parse, though the run is ok",
      [run("ok", 0)],
      [diagnostic("invalid_output", "warning")],
      ["invalid_output"],
    ],
    ["a failed run that says nothing", [run("error", 0)], [], ["nonzero_exit"]],
    [
      "a warning of a run that went well",
      [run("ok", 0)],
      [diagnostic("unknown_field", "warning")],
      [],
    ],
    ["a blocked run", [run("blocked", 2)], [diagnostic("block_ignored", "info")], []],
    ["a skipped run", [run("skipped")], [diagnostic("hook_untrusted", "warning")], []],
  ] as const)("%s", (_name, runs, diagnostics, codes) => {
    const errors = findHookTestErrors({ runs: [...runs], diagnostics: [...diagnostics] });
    expect(errors.unexpected.map((item) => item.code)).toEqual(codes);
    expect(errors.missing).toEqual([]);
  });

  it("lets the expected codes pass and reports the ones that did not occur", () => {
    const errors = findHookTestErrors(
      { runs: [run("error", 126)], diagnostics: [diagnostic("nonzero_exit", "warning")] },
      ["nonzero_exit", "timeout"],
    );
    expect(errors).toEqual({ unexpected: [], missing: ["timeout"] });
  });

  it("counts a run's failure once when its diagnostic is an error itself", () => {
    const errors = findHookTestErrors({
      runs: [run("error")],
      diagnostics: [diagnostic("spawn_failed", "error")],
    });
    expect(errors.unexpected.map((item) => item.code)).toEqual(["spawn_failed"]);
  });
});
