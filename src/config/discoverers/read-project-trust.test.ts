import { describe, expect, it } from "vitest";
import { readProjectTrust } from "./read-project-trust.js";

describe("readProjectTrust", () => {
  const trusted = { trust_level: "trusted" };
  it.each([
    ["the git root", { projects: { "/repo": trusted } }, true],
    ["the cwd itself", { projects: { "/repo/sub": trusted } }, true],
    ["a trailing slash", { projects: { "/repo/": trusted } }, true],
    ["another project", { projects: { "/other": trusted } }, false],
    ["a parent directory", { projects: { "/": trusted } }, false],
    ["untrusted", { projects: { "/repo": { trust_level: "untrusted" } } }, false],
    ["a relative key", { projects: { repo: trusted } }, false],
    ["no projects", { model: "x" }, false],
    ["a bad projects value", { projects: "/repo" }, false],
    ["no config", undefined, false],
  ])("%s → %s", (_name, config, expected) => {
    expect(readProjectTrust(config, ["/repo", "/repo/sub"])).toBe(expected);
  });
});
