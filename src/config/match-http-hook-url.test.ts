import { describe, expect, it } from "vitest";
import { matchHttpHookUrl } from "./match-http-hook-url.js";

describe("matchHttpHookUrl", () => {
  it.each([
    ["http://localhost:8080/hook", ["http://localhost:*"], true],
    ["http://localhost:8080/hook", ["http://localhost:8080/hook"], true],
    ["https://hooks.example.com/a/b?c=1", ["https://hooks.example.com/*"], true],
    ["https://hooks.example.com.evil.io/", ["https://hooks.example.com/*"], false],
    ["https://evil.io/https://hooks.example.com/", ["https://hooks.example.com/*"], false],
    ["http://hooks.example.com/x", ["https://hooks.example.com/*"], false],
    ["https://a.example.com/x", ["https://*.example.com/*"], true],
    ["https://example.com/x", ["https://*.example.com/*"], false],
    ["http://LOCALHOST:8080", ["http://localhost:8080/*"], true],
    ["https://hooks.example.com:443/x", ["https://hooks.example.com/*"], true],
    ["http://localhost:8080/hook", [], false],
    ["http://localhost:8080/hook", ["*"], true],
    ["http://localhost:8080/hook", ["http://localhost:8080/hook/*"], false],
    ["http://localhost:8080/ab", ["http://localhost:8080/*a*b*"], true],
    ["http://localhost:8080/ba", ["http://localhost:8080/*a*b*"], false],
    ["not a url", ["not a*"], true],
  ])("%s against %j: %s", (url, patterns, expected) => {
    expect(matchHttpHookUrl(url, patterns)).toBe(expected);
  });

  it("matches a long URL against many stars without backtracking blow-up", () => {
    const url = `http://h/${"a".repeat(5000)}`;
    expect(matchHttpHookUrl(url, [`http://h/${"*a".repeat(30)}b`])).toBe(false);
  });
});
