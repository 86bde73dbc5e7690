import { describe, expect, it } from "vitest";
import { removeSecretVariables } from "./remove-secret-variables.js";

describe("removeSecretVariables", () => {
  it.each([
    ["nothing to withhold", { PATH: "/bin", HOME: "/h" }, [], { PATH: "/bin", HOME: "/h" }],
    [
      "the server token variable, always",
      { AGENT_HOOKS_TOKEN: "t", PATH: "/bin" },
      [],
      { PATH: "/bin" },
    ],
    [
      "a variable holding a secret under another name",
      { COPIED: "s3cret", PATH: "/bin" },
      ["s3cret"],
      { PATH: "/bin" },
    ],
    [
      "every variable holding any of several secrets",
      { A: "one", B: "two", C: "three" },
      ["one", "three"],
      { B: "two" },
    ],
    ["a value that only contains a secret", { A: "xs3cretx" }, ["s3cret"], { A: "xs3cretx" }],
    ["an undefined value", { A: undefined }, ["s3cret"], { A: undefined }],
  ] satisfies [
    string,
    Record<string, string | undefined>,
    string[],
    Record<string, string | undefined>,
  ][])("removes %s", (_name, environment, secrets, expected) => {
    expect(removeSecretVariables(environment, new Set(secrets))).toEqual(expected);
  });
});
