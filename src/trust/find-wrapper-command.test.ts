import { describe, expect, it } from "vitest";
import { findWrapperCommand } from "./find-wrapper-command.js";
import { literal } from "./read-command-option.js";
import { wrapperRules } from "./wrapper-rules.js";

const words = (...texts: string[]) => texts.map((text) => literal(text, text));

// Each step as `kind word…` (a run step's words, `?` for one not known before the shell runs).
function steps(name: string, ...args: string[]): string[] {
  const rule = wrapperRules[name];
  if (rule === undefined) throw new Error(`no row for ${name}`);
  return findWrapperCommand(rule, words(...args)).map((step) =>
    step.kind === "run"
      ? `run ${step.rest} ${step.words.map((word) => (word.value.known ? word.value.text : "?")).join(" ")}`
      : `${step.kind} ${"word" in step ? step.word.word.source : ""}`,
  );
}

describe("findWrapperCommand", () => {
  it.each([
    [["timeout", "5", "./a.sh"], ["run command ./a.sh"]],
    [["nice", "-10", "./a.sh"], ["run command ./a.sh"]],
    [["xargs", "sh"], ["run command sh ?"]],
    [
      ["xargs", "-I", "{}", "sh", "{}"],
      ["value {}", "run command sh ?"],
    ],
  ])("%j → %j", (command, expected) => {
    const [name = "", ...args] = command;
    expect(steps(name, ...args)).toEqual(expected);
  });
});
