import { describe, expect, it } from "vitest";
import { findInterpreterCode } from "./find-interpreter-code.js";
import { interpreterRules } from "./interpreter-rules.js";
import { literal } from "./read-command-option.js";

const words = (...texts: string[]) => texts.map((text) => literal(text, text));

// Each step as `kind word`, in order.
function steps(name: string, ...args: string[]): string[] {
  const rule = interpreterRules[name];
  if (rule === undefined) throw new Error(`no row for ${name}`);
  return findInterpreterCode(name, rule, words(...args)).map((step) => {
    if (step.kind === "finding")
      return `flag ${step.finding.certain ? step.finding.file : step.finding.word}`;
    if (step.kind === "stdin-program") return `stdin-program ${step.language ?? "other"}`;
    return `${step.kind} ${"word" in step ? step.word.word.source : step.words.length}`;
  });
}

describe("findInterpreterCode", () => {
  it.each([
    [
      ["node", "-r", "./pre", "main.js"],
      ["preload ./pre", "script main.js"],
    ],
    [["node", "-e", "1", "x.js"], ["value 1"]],
    [["node", "--test"], ["flag node --test"]],
    [["python", "-m", "pkg"], ["value pkg"]],
    [["python", "-"], ["stdin-program other"]],
    [["bash"], ["stdin-program shell"]],
    [["bash", "-c", "./a.sh"], ["shell-code ./a.sh"]],
    [["bash", "x.sh", "arg"], ["script x.sh"]],
  ])("%j → %j", (command, expected) => {
    const [name = "", ...args] = command;
    expect(steps(name, ...args)).toEqual(expected);
  });
});
