import type { DispatchResult, RunStatus } from "../decide/dispatch-result.js";
import { createDiagnostic, type Diagnostic, type DiagnosticCode } from "../diagnostic.js";

/** What went wrong in a case beyond its expectation, measured against its `expect.errors`. */
export interface HookTestErrors {
  /** Failures the case did not list: each fails it. */
  unexpected: Diagnostic[];
  /** Listed codes that no diagnostic of the dispatch carries: each fails it too. */
  missing: DiagnosticCode[];
}

// Output the engine could not read is a warning to a host (the run goes on), but the hook's
// answer was lost: a test must see it.
const failingWarningCodes: ReadonlySet<DiagnosticCode> = new Set(["invalid_output"] as const);

const failedRunStatuses: ReadonlySet<RunStatus> = new Set(["error", "timeout"] as const);

/**
 * Lists the failures of a dispatch (every error-severity diagnostic, every `invalid_output`, and
 * every run that ended `error` or `timeout`, by its own diagnostics) that `expected` does not name,
 * and the expected codes that did not occur.
 */
export function findHookTestErrors(
  result: Pick<DispatchResult, "runs" | "diagnostics">,
  expected: readonly DiagnosticCode[] = [],
): HookTestErrors {
  const failures = result.diagnostics.filter(
    (diagnostic) => diagnostic.severity === "error" || failingWarningCodes.has(diagnostic.code),
  );
  for (const run of result.runs) {
    if (!failedRunStatuses.has(run.status)) continue;
    const own = result.diagnostics.filter(
      (diagnostic) =>
        diagnostic.file === run.source &&
        diagnostic.path === run.path &&
        diagnostic.severity !== "info",
    );
    for (const diagnostic of own) if (!failures.includes(diagnostic)) failures.push(diagnostic);
    // A failed run always says why today; should one not, it still fails the case.
    if (own.length === 0) {
      failures.push(
        createDiagnostic(
          run.status === "timeout" ? "timeout" : "nonzero_exit",
          "error",
          `handler ${run.id} ended with status ${run.status} (exit code ${run.exitCode ?? "none"}, signal ${run.signal ?? "none"})`,
          { file: run.source, path: run.path },
        ),
      );
    }
  }
  return {
    unexpected: failures.filter((diagnostic) => !expected.includes(diagnostic.code)),
    missing: expected.filter(
      (code) =>
        ![...result.diagnostics, ...failures].some((diagnostic) => diagnostic.code === code),
    ),
  };
}
