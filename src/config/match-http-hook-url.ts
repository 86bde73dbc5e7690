import {
  type HttpHookUrlPattern,
  parseHttpHookUrlPattern,
  type UrlGlob,
} from "./parse-http-hook-url-pattern.js";

/**
 * Whether an http handler's URL matches one of `allowedHttpHookUrls`' patterns. Both are parsed
 * by WHATWG `URL` and compared part by part: the scheme, the userinfo (a URL with a user or
 * password matches only a pattern that names them), the host label by label (case-insensitive,
 * IDNA-normalized; a lone `*` label is one or more labels), the port (default ports equal, `:*`
 * any) and the path with its query (a `*` there stays in the path; a pattern without a path
 * allows every path). A `*` never crosses from one part into another. A URL or pattern that
 * `URL` cannot parse matches nothing (`*` alone matches every URL).
 *
 * @example
 * ```ts
 * matchHttpHookUrl("http://localhost:8080/hook", ["http://localhost:*"]); // true
 * matchHttpHookUrl("http://127.0.0.1:9/x.corp.example/", ["http://*.corp.example/*"]); // false
 * ```
 */
export function matchHttpHookUrl(url: string, patterns: readonly string[]): boolean {
  const target = URL.parse(url);
  return patterns.some((text) => {
    const parsed = parseHttpHookUrlPattern(text);
    if (!parsed.ok) return false;
    if (parsed.pattern.anyUrl) return true;
    return target !== null && matchParsedUrl(target, parsed.pattern);
  });
}

function matchParsedUrl(url: URL, pattern: HttpHookUrlPattern): boolean {
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== "http" && scheme !== "https") return false;
  if (pattern.scheme !== null && pattern.scheme !== scheme) return false;
  if (!matchGlob(pattern.username, url.username)) return false;
  if (!matchGlob(pattern.password, url.password)) return false;
  const labels = url.hostname.replace(/\.$/, "").split(".");
  if (!matchLabels(pattern.hostLabels, labels)) return false;
  const port = url.port === "" ? defaultPorts[scheme] : Number(url.port);
  const patternPort = pattern.port === "default" ? defaultPorts[scheme] : pattern.port;
  if (patternPort !== null && patternPort !== port) return false;
  return pattern.path === null || matchGlob(pattern.path, url.pathname + url.search);
}

const defaultPorts = { http: 80, https: 443 } as const;

// Dynamic programming over (pattern label, host label), so many stars stay polynomial.
function matchLabels(pattern: readonly (UrlGlob | "labels")[], labels: readonly string[]): boolean {
  // matched[j]: the pattern's labels read so far match the host's first j labels.
  let matched = labels.map((_, index) => index === 0).concat(labels.length === 0);
  for (const glob of pattern) {
    const next = matched.map(() => false);
    for (let end = 1; end <= labels.length; end += 1) {
      if (glob === "labels") {
        // One or more whole labels: any earlier prefix that matched reaches this one.
        next[end] = (next[end - 1] ?? false) || (matched[end - 1] ?? false);
      } else {
        next[end] = (matched[end - 1] ?? false) && matchGlob(glob, labels[end - 1] ?? "");
      }
    }
    matched = next;
  }
  return matched[labels.length] ?? false;
}

// The first run is a prefix, the last a suffix, and the runs between are found leftmost first,
// which is exact for `*` (it takes any run, none included): time is linear in the text.
function matchGlob(glob: UrlGlob, text: string): boolean {
  const first = glob[0] ?? "";
  if (glob.length === 1) return first === text;
  const last = glob[glob.length - 1] ?? "";
  if (text.length < first.length + last.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let position = first.length;
  const end = text.length - last.length;
  for (const run of glob.slice(1, -1)) {
    const found = text.indexOf(run, position);
    if (found === -1 || found + run.length > end) return false;
    position = found + run.length;
  }
  return true;
}
