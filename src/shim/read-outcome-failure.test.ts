import { describe, expect, it } from "vitest";
import { readOutcomeFailure } from "./read-outcome-failure.js";
import type { ShimRunOutcome } from "./shim-types.js";

function outcome(fields: Partial<ShimRunOutcome>): ShimRunOutcome {
  return {
    exitCode: 0,
    stdout: "",
    stderr: "",
    timedOut: false,
    truncated: false,
    spawnError: null,
    ...fields,
  };
}

describe("readOutcomeFailure", () => {
  it.each([
    [129, true, "SIGHUP"],
    [130, true, "SIGINT"],
    [134, true, "SIGABRT"],
    [137, true, "SIGKILL"],
    [139, true, "SIGSEGV"],
    [141, true, "SIGPIPE"],
    [143, true, "SIGTERM"],
    [159, true, "SIGSYS"],
  ] as const)("reads a shell's exit %i as the child's death by %s", (exitCode, viaShell, name) => {
    expect(readOutcomeFailure(outcome({ exitCode, viaShell }))).toBe(
      `was killed by a signal (${name}; its shell reported exit ${exitCode})`,
    );
  });

  it.each([
    [137, false],
    [137, undefined],
    [1, true],
    [2, true],
    [126 + 2, true],
    [128 + 32, true],
    [255, true],
  ] as const)("leaves exit %i (via a shell: %s) to the protocol's reader", (exitCode, viaShell) => {
    const fields = viaShell === undefined ? { exitCode } : { exitCode, viaShell };
    expect(readOutcomeFailure(outcome(fields))).toBeNull();
  });

  it("names the signal the runner saw and keeps stderr", () => {
    expect(
      readOutcomeFailure(outcome({ exitCode: null, signal: "SIGSEGV", stderr: "core dumped\n" })),
    ).toBe("was killed by a signal (SIGSEGV): core dumped");
    expect(readOutcomeFailure(outcome({ exitCode: null }))).toBe("was killed by a signal");
  });
});
