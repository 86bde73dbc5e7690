/** A `*` glob within one URL part: the literal runs between its stars (one run: no star). */
export type UrlGlob = readonly string[];

/** One `allowedHttpHookUrls` pattern, parsed by WHATWG `URL` into the parts matched separately. */
export interface HttpHookUrlPattern {
  /** The pattern `*` alone: every URL. */
  readonly anyUrl: boolean;
  /** `http` or `https`; null for `*://` (either). */
  readonly scheme: "http" | "https" | null;
  readonly username: UrlGlob;
  readonly password: UrlGlob;
  /** The host's labels; a label that is a lone `*` stands for one or more whole labels. */
  readonly hostLabels: readonly (UrlGlob | "labels")[];
  /** The port as a number; "default" for none written (80 or 443); null for `:*`. */
  readonly port: number | "default" | null;
  /** Path and query (`/a/b?c`), normalized as `URL` does; null when the pattern has no path. */
  readonly path: UrlGlob | null;
}

/** A parsed pattern, or why the text is not one. */
export type ParsedHttpHookUrlPattern =
  | { ok: true; pattern: HttpHookUrlPattern }
  | { ok: false; reason: string };

// Stands for each `*` while `URL` parses the pattern: a lower-case run of letters and digits is
// kept as is in every part (scheme, host label, userinfo, path, query).
const starToken = "zqstar0wildcard0x7k";

const anyUrlPattern: HttpHookUrlPattern = {
  anyUrl: true,
  scheme: null,
  username: [""],
  password: [""],
  hostLabels: [],
  port: null,
  path: null,
};

/**
 * Parses an `allowedHttpHookUrls` pattern with WHATWG `URL`, so scheme, userinfo, host, port and
 * path are matched separately: a `*` stays inside the part it is written in (a lone `*` host
 * label stands for one or more labels; `:*` is any port; `*://` is http or https). Host case,
 * IDNA, default ports and percent-encoding are normalized by `URL`, as for the URL matched.
 *
 * @example
 * ```ts
 * parseHttpHookUrlPattern("https://*.corp.example/hooks/*"); // { ok: true, pattern: … }
 * parseHttpHookUrlPattern("hooks.corp.example/*"); // { ok: false, reason: "…" }
 * ```
 */
export function parseHttpHookUrlPattern(text: string): ParsedHttpHookUrlPattern {
  if (text === "*") return { ok: true, pattern: anyUrlPattern };
  if (text.toLowerCase().includes(starToken)) {
    return { ok: false, reason: `it contains "${starToken}", which this parser reserves` };
  }
  const stars = text.split("*").length - 1;
  const anyScheme = text.startsWith("*://");
  // `*://` is parsed as https, so the host is read as a special scheme's host is.
  const written = (anyScheme ? `https${text.slice(1)}` : text).replaceAll("*", starToken);
  const parsed = parseWithStarPort(written);
  if (parsed === null) {
    return { ok: false, reason: "it is not a URL (write scheme://host[:port][/path])" };
  }
  const { url, anyPort } = parsed;
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== "http" && scheme !== "https") {
    return {
      ok: false,
      reason: `its scheme is "${scheme}:", and http hooks are http: or https: (or *:// for either)`,
    };
  }
  if (url.hash !== "") {
    return { ok: false, reason: "it has a #fragment, which is never sent and cannot be matched" };
  }
  const parts = [url.username, url.password, url.hostname, url.pathname, url.search];
  const kept = parts.join(" ").split(starToken).length - 1;
  // IDNA encodes a non-ASCII label whole, so a star in it would become part of the label.
  const inEncodedLabel = url.hostname
    .split(".")
    .some((label) => label.startsWith("xn--") && label.includes(starToken));
  if (inEncodedLabel || kept + (anyPort ? 1 : 0) + (anyScheme ? 1 : 0) !== stars) {
    return {
      ok: false,
      reason:
        "a * is where it cannot stand (inside a port, a scheme, an IP address or a non-ASCII host label)",
    };
  }
  const hostLabels = url.hostname
    .replace(/\.$/, "")
    .split(".")
    .map((label) => (label === starToken ? "labels" : toGlob(label)));
  const hasPath = url.pathname !== "/" || url.search !== "" || written.endsWith("/");
  return {
    ok: true,
    pattern: {
      anyUrl: false,
      scheme: anyScheme ? null : scheme,
      username: toGlob(url.username),
      password: toGlob(url.password),
      hostLabels,
      port: anyPort ? null : readPort(url, anyScheme, written),
      path: hasPath ? toGlob(url.pathname + url.search) : null,
    },
  };
}

/** The URL, or the URL with a `:*` port read as any port (`URL` takes digits only). */
function parseWithStarPort(written: string): { url: URL; anyPort: boolean } | null {
  const url = URL.parse(written);
  if (url !== null) return { url, anyPort: false };
  const withPort = written.replace(new RegExp(`:${starToken}(?=[/?#]|$)`), ":1");
  const portUrl = withPort === written ? null : URL.parse(withPort);
  return portUrl?.port === "1" ? { url: portUrl, anyPort: true } : null;
}

/** The port written; for `*://`, whether 80 or 443 was written is read under both schemes. */
function readPort(url: URL, anyScheme: boolean, written: string): number | "default" {
  if (!anyScheme) return url.port === "" ? "default" : Number(url.port);
  const asHttp = URL.parse(`http${written.slice("https".length)}`)?.port ?? "";
  const port = url.port !== "" ? url.port : asHttp;
  return port === "" ? "default" : Number(port);
}

function toGlob(part: string): UrlGlob {
  return part.split(starToken);
}
