import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchHttpHookUrl } from "./match-http-hook-url.js";

describe("matchHttpHookUrl", () => {
  it.each([
    // A pattern without a path allows every path; `:*` is any port.
    ["http://localhost:8080/hook", "http://localhost:*", true],
    ["http://localhost/hook", "http://localhost:*", true],
    ["http://localhost:8080/hook", "http://localhost:8080/hook", true],
    ["http://localhost:8080/hook?x=1", "http://localhost:8080/hook", false],
    ["https://hooks.example.com/a/b?c=1", "https://hooks.example.com/*", true],
    ["https://hooks.example.com/a/b", "https://hooks.example.com", true],
    ["https://hooks.example.com/a/b", "https://hooks.example.com/", false],
    ["https://hooks.example.com.evil.io/", "https://hooks.example.com/*", false],
    ["https://evil.io/https://hooks.example.com/", "https://hooks.example.com/*", false],
    ["http://hooks.example.com/x", "https://hooks.example.com/*", false],
    // The host's `*`: one or more whole labels, never the path, the port or userinfo.
    ["https://a.example.com/x", "https://*.example.com/*", true],
    ["https://a.b.example.com/x", "https://*.example.com/*", true],
    ["https://example.com/x", "https://*.example.com/*", false],
    ["http://127.0.0.1:9999/x.corp.example/", "http://*.corp.example/*", false],
    ["http://127.0.0.1/x.corp.example/", "http://*.corp.example/*", false],
    ["http://x.corp.example:9999/", "http://*.corp.example/*", false],
    ["http://x.corp.example@127.0.0.1/", "http://*.corp.example/*", false],
    ["http://a.corp.example.evil.io/", "http://*.corp.example/*", false],
    ["http://evilcorp.example/", "http://*.corp.example/*", false],
    ["https://hooks.a.example.com/", "https://hooks.*.example.com/*", true],
    ["https://hooks.example.com/", "https://hooks.*.example.com/*", false],
    // A `*` inside a label stays in that label.
    ["https://eu-hooks.example.com/", "https://*-hooks.example.com/*", true],
    ["https://a.eu-hooks.example.com/", "https://*-hooks.example.com/*", false],
    ["https://anything.at.all/", "https://*/*", true],
    ["http://[::1]:8080/hook", "http://*:8080/*", true],
    ["http://[::1]:8080/hook", "http://[::1]:8080/*", true],
    // Userinfo: matched only when the pattern names it.
    ["https://user:pass@hooks.example.com/x", "https://hooks.example.com/*", false],
    ["https://user@hooks.example.com/x", "https://hooks.example.com/*", false],
    ["https://bot:s3cret@hooks.example.com/x", "https://bot:*@hooks.example.com/*", true],
    ["https://other:s3cret@hooks.example.com/x", "https://bot:*@hooks.example.com/*", false],
    // Ports: the default port equals none written.
    ["https://hooks.example.com:443/x", "https://hooks.example.com/*", true],
    ["https://hooks.example.com/x", "https://hooks.example.com:443/*", true],
    ["http://hooks.example.com:80/x", "http://hooks.example.com/*", true],
    ["http://hooks.example.com:8080/x", "http://hooks.example.com/*", false],
    ["http://hooks.example.com:443/x", "*://hooks.example.com/*", false],
    ["https://hooks.example.com/x", "*://hooks.example.com/*", true],
    ["http://hooks.example.com/x", "*://hooks.example.com/*", true],
    ["http://hooks.example.com:443/x", "*://hooks.example.com:443/*", true],
    ["https://hooks.example.com/x", "*://hooks.example.com:443/*", true],
    ["http://hooks.example.com/x", "*://hooks.example.com:443/*", false],
    // Case, IDNA, percent-encoding and dot segments, normalized by URL on both sides.
    ["http://LOCALHOST:8080", "http://localhost:8080/*", true],
    ["https://HOOKS.Example.COM/x", "https://hooks.example.com/*", true],
    ["https://bücher.example/x", "https://xn--bcher-kva.example/*", true],
    ["https://xn--bcher-kva.example/x", "https://BÜCHER.example/*", true],
    ["https://hooks.example.com/a b", "https://hooks.example.com/a%20b", true],
    ["https://hooks.example.com/allowed/../secret", "https://hooks.example.com/allowed/*", false],
    ["https://hooks.example.com./x", "https://hooks.example.com/*", true],
    // The path's `*` spans the path and query, nothing else.
    ["http://localhost:8080/hook", "http://localhost:8080/hook/*", false],
    ["http://localhost:8080/ab", "http://localhost:8080/*a*b*", true],
    ["http://localhost:8080/ba", "http://localhost:8080/*a*b*", false],
    ["http://h.example/hooks/a/b", "http://h.example/hooks/*", true],
    ["http://h.example/other/hooks/", "http://h.example/hooks/*", false],
    // `*` alone is every URL; a URL or pattern that does not parse matches nothing.
    ["http://localhost:8080/hook", "*", true],
    ["not a url", "not a*", false],
    ["http://localhost:8080/hook", "localhost:*", false],
    ["http://localhost:8080/hook", "http://localhost:80*/hook", false],
    ["ftp://hooks.example.com/x", "*://hooks.example.com/*", false],
  ])("%s against %s: %s", (url, pattern, expected) => {
    expect(matchHttpHookUrl(url, [pattern])).toBe(expected);
  });

  it("matches nothing against an empty list", () => {
    expect(matchHttpHookUrl("http://localhost:8080/hook", [])).toBe(false);
  });

  it("matches a long URL against many stars without backtracking blow-up", () => {
    const url = `http://h/${"a".repeat(5000)}`;
    expect(matchHttpHookUrl(url, [`http://h/${"*a".repeat(30)}b`])).toBe(false);
    const host = `http://${"a.".repeat(120)}example/`;
    expect(matchHttpHookUrl(host, [`http://${"*.".repeat(40)}b.example/*`])).toBe(false);
  });

  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
  const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join("."));
  const patternLabel = fc.oneof(
    label,
    fc.constant("*"),
    label.map((text) => `${text}*`),
  );
  const patternHost = fc
    .array(patternLabel, { minLength: 1, maxLength: 4 })
    .map((labels) => labels.join("."));
  const pathText = fc.array(fc.oneof(label, host, fc.constantFrom("*", "@", ":", "%2F", "?", ".")));

  it("never matches a URL whose host the pattern's host does not match, whatever the path", () => {
    fc.assert(
      fc.property(
        patternHost,
        host,
        fc.constantFrom("", ":8080", ":*"),
        pathText,
        fc.constantFrom("http", "https"),
        (hostPattern, urlHost, port, path, scheme) => {
          const pattern = `${scheme}://${hostPattern}${port}/*`;
          // The host alone, with any port and path: the reference for whether the hosts match.
          const hostsMatch = matchHttpHookUrl(`${scheme}://${urlHost}/`, [
            `${scheme}://${hostPattern}/*`,
          ]);
          const url = `${scheme}://${urlHost}:8080/${path.join("/")}`;
          if (!hostsMatch) expect(matchHttpHookUrl(url, [pattern])).toBe(false);
          // Nor does a pattern host that only appears in the path, port or userinfo.
          const smuggled = `${scheme}://127.0.0.1:8080/${urlHost}/${path.join("/")}`;
          if (!matchHttpHookUrl(`${scheme}://127.0.0.1/`, [`${scheme}://${hostPattern}/*`])) {
            expect(matchHttpHookUrl(smuggled, [pattern])).toBe(false);
            expect(matchHttpHookUrl(`${scheme}://${urlHost}@127.0.0.1/`, [pattern])).toBe(false);
          }
        },
      ),
    );
  });

  it("never lets a star in the host reach past a dot that the URL's host does not share", () => {
    fc.assert(
      fc.property(label, label, host, pathText, (left, right, suffix, path) => {
        fc.pre(left !== right);
        const pattern = `https://*.${left}.${suffix}/*`;
        const url = `https://${right}.${suffix}/${left}.${suffix}/${path.join("/")}`;
        expect(matchHttpHookUrl(url, [pattern])).toBe(false);
      }),
    );
  });
});
