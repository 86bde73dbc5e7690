import { describe, expect, it } from "vitest";
import { expandHome } from "./expand-home.js";

describe("expandHome", () => {
  it.each([
    ["~", "/home/me"],
    ["~/x/y.json", "/home/me/x/y.json"],
    ["~other/x", "~other/x"],
    ["/abs/~/x", "/abs/~/x"],
    ["rel/x", "rel/x"],
  ])("%s → %s", (input, expected) => {
    expect(expandHome(input, "/home/me")).toBe(expected);
  });
});
