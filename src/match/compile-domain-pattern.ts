/** The result of compiling a WebFetch specifier: a URL test, or why the specifier is unusable. */
export type DomainPatternCompilation =
  | { ok: true; test(url: string): boolean }
  | { ok: false; error: string };

const domainPattern = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/** Compiles `domain:example.com` into a test accepting URLs on that host or any subdomain. */
export function compileDomainPattern(specifier: string): DomainPatternCompilation {
  if (!specifier.startsWith("domain:")) {
    return {
      ok: false,
      error: `WebFetch specifier "${specifier}" must have the form "domain:<hostname>"`,
    };
  }
  const domain = specifier.slice("domain:".length).trim().toLowerCase().replace(/\.$/, "");
  if (!domainPattern.test(domain)) {
    return { ok: false, error: `WebFetch specifier "${specifier}" does not name a valid domain` };
  }
  const suffix = `.${domain}`;
  return {
    ok: true,
    test(url) {
      const hostname = readHostname(url);
      return hostname !== null && (hostname === domain || hostname.endsWith(suffix));
    },
  };
}

function readHostname(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const hostname = parsed.hostname.toLowerCase().replace(/\.$/, "");
  return hostname === "" ? null : hostname;
}
