import { describe, expect, it } from "vitest";
import { buildModelPrompt } from "./build-model-prompt.js";

describe("buildModelPrompt", () => {
  it.each([
    ["a placeholder", "Check $ARGUMENTS now", "{}", "Check {} now"],
    ["every placeholder", "$ARGUMENTS and $ARGUMENTS", "{}", "{} and {}"],
    [
      "no placeholder: appended after a blank line",
      "Check this",
      '{"a":1}',
      'Check this\n\n{"a":1}',
    ],
    ["replacement patterns kept literal", "x $ARGUMENTS", '{"p":"$& $1 $$"}', 'x {"p":"$& $1 $$"}'],
    ["a lowercase name is not the placeholder", "$arguments", "{}", "$arguments\n\n{}"],
  ])("%s", (_name, prompt, input, expected) => {
    expect(buildModelPrompt(prompt, input)).toBe(expected);
  });
});
