import { describe, expect, it } from "vitest";
import { findProgramCode } from "./find-program-code.js";
import { programRules } from "./program-rules.js";
import { literal } from "./read-command-option.js";

const context = {
  home: "/home/me",
  directories: ["/repo"],
  observing: false,
  variable: () => undefined,
};
const words = (...texts: string[]) => texts.map((text) => literal(text, text));

// Each step as `kind word` (or the finding's reason), in order.
function steps(name: string, ...args: string[]): string[] {
  const rule = programRules[name];
  if (rule === undefined) throw new Error(`no row for ${name}`);
  return findProgramCode(name, rule, words(...args), context).map((step) => {
    switch (step.kind) {
      case "code":
      case "data":
        return `${step.kind} ${step.word.value.known ? step.word.value.text : "?"}`;
      case "finding":
        return step.finding.certain ? `hash ${step.finding.file}` : `flag ${step.finding.word}`;
      default:
        return step.kind;
    }
  });
}

describe("findProgramCode", () => {
  it.each([
    [
      ["awk", "-f", "a.awk", "in.txt"],
      ["code a.awk", "code a.awk.awk", "data in.txt"],
    ],
    [["awk", "{ print }", "in.txt"], ["data in.txt"]],
    [["awk", 'BEGIN { system("x") }'], ['flag BEGIN { system("x") }']],
    [
      ["sed", "-f", "a.sed", "x.txt"],
      ["code a.sed", "data x.txt"],
    ],
    [["tclsh"], ["stdin-program"]],
    [["tclsh", "a.tcl"], ["code a.tcl"]],
  ])("%j → %j", (command, expected) => {
    const [name = "", ...args] = command;
    expect(steps(name, ...args)).toEqual(expected);
  });
});
