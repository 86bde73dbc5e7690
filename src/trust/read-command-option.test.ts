import { describe, expect, it } from "vitest";
import type { OptionTable } from "./command-rules.js";
import { interpreterRules } from "./interpreter-rules.js";
import { programRules } from "./program-rules.js";
import { literal, readCommandOption } from "./read-command-option.js";
import { wrapperRules } from "./wrapper-rules.js";

const words = (line: string) => line.split(" ").map((text) => literal(text, text));
const read = (line: string, index = 1, rule: OptionTable | undefined = interpreterRules.node) => {
  if (rule === undefined) throw new Error("no rule");
  const option = readCommandOption(words(line), index, rule);
  return option === null
    ? null
    : { ...option, value: option.value?.value.known === true ? option.value.value.text : null };
};

describe("readCommandOption", () => {
  it.each([
    ["node -r ./pre.js main.js", { role: "preload", value: "./pre.js", next: 3, ambiguous: false }],
    [
      "node --require=./pre.js main.js",
      { role: "preload", value: "./pre.js", next: 2, ambiguous: false },
    ],
    ["node --no-warnings main.js", { role: "flag", value: null, next: 2, ambiguous: false }],
    ["node --unknown-thing main.js", { role: "flag", value: null, next: 2, ambiguous: true }],
    ["node --unknown-thing=1 main.js", { role: "value", value: null, next: 2, ambiguous: false }],
    ["node -e code", { role: "code", value: "code", next: 3, ambiguous: false }],
  ])("%s", (line, expected) => {
    expect(read(line)).toEqual(expected);
  });

  it.each([
    ["python3 -uc code", { role: "code", value: "code", next: 3, ambiguous: false }],
    ["python3 -Wignore g.py", { role: "value", value: "ignore", next: 2, ambiguous: false }],
    ["python3 -mhttp.server", { role: "module", value: "http.server", next: 2, ambiguous: false }],
    ["python3 -uZ g.py", { role: "flag", value: null, next: 2, ambiguous: true }],
    ["python3 -Zu g.py", { role: "flag", value: null, next: 2, ambiguous: false }],
  ])("short clusters: %s", (line, expected) => {
    expect(read(line, 1, interpreterRules.python)).toEqual(expected);
  });

  it("takes an attached-only value without the next word, and nothing from an unknown word", () => {
    expect(read("perl -F: x.pl", 1, interpreterRules.perl)).toMatchObject({ next: 2 });
    const unknown = [
      literal("node", "node"),
      { word: literal("$X", "$X").word, value: { known: false as const, reason: "x" } },
    ];
    expect(
      readCommandOption(unknown, 1, interpreterRules.node ?? { short: {}, long: {} }),
    ).toBeNull();
  });

  it.each([
    ["xargs -I {} sh {}", { role: "placeholder", value: "{}", next: 3, ambiguous: false }],
    ["xargs -iX sh X", { role: "attached-placeholder", value: "X", next: 2, ambiguous: false }],
    ["xargs -i sh {}", { role: "attached-placeholder", value: null, next: 2, ambiguous: false }],
    [
      "xargs --replace=@ sh @",
      { role: "attached-placeholder", value: "@", next: 2, ambiguous: false },
    ],
    [
      "xargs --replace sh {}",
      { role: "attached-placeholder", value: null, next: 2, ambiguous: false },
    ],
    ["xargs -a list sh", { role: "data", value: "list", next: 3, ambiguous: false }],
  ])("xargs: %s", (line, expected) => {
    expect(read(line, 1, wrapperRules.xargs)).toEqual(expected);
  });

  it.each([
    ["jq --arg x ./y.sh -f p.jq", { role: "pair", value: "./y.sh", next: 4, ambiguous: false }],
    [
      "jq --slurpfile x d.json .",
      { role: "pair-data", value: "d.json", next: 4, ambiguous: false },
    ],
    ["jq -nf p.jq", { role: "program-file", value: "p.jq", next: 3, ambiguous: false }],
  ])("jq: %s", (line, expected) => {
    expect(read(line, 1, programRules.jq)).toEqual(expected);
  });
});
