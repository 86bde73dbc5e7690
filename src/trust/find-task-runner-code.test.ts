import { describe, expect, it } from "vitest";
import { findTaskRunnerCode } from "./find-task-runner-code.js";
import { literal } from "./read-command-option.js";

const words = (...texts: string[]) => texts.map((text) => literal(text, text));

describe("findTaskRunnerCode", () => {
  it("enters make -C's directory, then hashes the default makefiles and flags the command", () => {
    const steps = findTaskRunnerCode("make", words("-C", "sub", "lint"));
    expect(
      steps.map((step) =>
        step.kind === "finding"
          ? `flag ${step.finding.certain ? "" : step.finding.word}`
          : `${step.kind} ${"word" in step ? step.word.word.source : ""}`,
      ),
    ).toEqual([
      "directory sub",
      "code GNUmakefile",
      "code makefile",
      "code Makefile",
      "flag make -C sub lint",
    ]);
  });

  it("hashes the -f file instead of the defaults", () => {
    const steps = findTaskRunnerCode("make", words("-f", "build.mk"));
    expect(steps.filter((step) => step.kind === "code")).toHaveLength(1);
  });

  it("knows no runner outside the table", () => {
    expect(findTaskRunnerCode("ls", words("-l"))).toEqual([]);
  });
});
