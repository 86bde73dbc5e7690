import { describe, expect, it } from "vitest";
import { parseHttpHookUrlPattern } from "./parse-http-hook-url-pattern.js";

describe("parseHttpHookUrlPattern", () => {
  it.each([
    [
      "https://*.corp.example/hooks/*",
      {
        scheme: "https",
        hostLabels: ["labels", ["corp"], ["example"]],
        port: "default",
        path: ["/hooks/", ""],
      },
    ],
    ["http://localhost:*", { scheme: "http", hostLabels: [["localhost"]], port: null, path: null }],
    ["HTTP://LocalHost:8080/", { scheme: "http", port: 8080, path: ["/"] }],
    ["https://h.example:443/x", { port: "default" }],
    ["*://h.example:443/x", { scheme: null, port: 443 }],
    ["*://h.example:80/x", { scheme: null, port: 80 }],
    ["*://h.example/x", { scheme: null, port: "default" }],
    ["https://eu-*.example/", { hostLabels: [["eu-", ""], ["example"]] }],
    ["https://bot:*@h.example/", { username: ["bot"], password: ["", ""] }],
    ["https://BÜCHER.example/*", { hostLabels: [["xn--bcher-kva"], ["example"]] }],
    ["https://h.example/a b?q=*", { path: ["/a%20b?q=", ""] }],
  ])("%s", (text, expected) => {
    const parsed = parseHttpHookUrlPattern(text);
    expect(parsed).toMatchObject({ ok: true, pattern: { anyUrl: false, ...expected } });
  });

  it("reads * alone as every URL", () => {
    expect(parseHttpHookUrlPattern("*")).toMatchObject({ ok: true, pattern: { anyUrl: true } });
  });

  it.each([
    ["hooks.corp.example/*", "it is not a URL"],
    ["/hooks/*", "it is not a URL"],
    ["http://h:8*/", "it is not a URL"],
    ["http://[*]/", "it is not a URL"],
    ["localhost:*", 'its scheme is "localhost:"'],
    ["ftp://h.example/*", 'its scheme is "ftp:"'],
    ["ht*p://h.example/", 'its scheme is "ht'],
    ["https://h.example/#*", "#fragment"],
    ["https://*ü.example/", "a * is where it cannot stand"],
    ["https://zqstar0wildcard0x7k.example/", "reserves"],
    ["", "it is not a URL"],
  ])("refuses %j: %s", (text, reason) => {
    const parsed = parseHttpHookUrlPattern(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });
});
