/**
 * Whether an http handler's URL matches one of `allowedHttpHookUrls`' patterns, where `*`
 * stands for any run of characters (none included) and everything else is literal. The URL is
 * tried as written and in its normalized form (`new URL(url).href`: lower-case scheme and host,
 * default port dropped, `/` for an empty path), so `http://LOCALHOST:8080` matches
 * `http://localhost:8080/*`.
 *
 * @example
 * ```ts
 * matchHttpHookUrl("http://localhost:8080/hook", ["http://localhost:*"]); // true
 * matchHttpHookUrl("https://evil.example/hook", ["https://hooks.example.com/*"]); // false
 * ```
 */
export function matchHttpHookUrl(url: string, patterns: readonly string[]): boolean {
  const forms = [url];
  if (URL.canParse(url)) {
    const normalized = new URL(url).href;
    if (normalized !== url) forms.push(normalized);
  }
  return patterns.some((pattern) => forms.some((form) => matchWildcard(form, pattern)));
}

// Wildcard matching without a regular expression: on a mismatch, the last `*` takes one more
// character. Time is bounded by the product of the lengths, whatever the pattern.
function matchWildcard(text: string, pattern: string): boolean {
  let textIndex = 0;
  let patternIndex = 0;
  let starIndex = -1;
  let starTextIndex = 0;
  while (textIndex < text.length) {
    if (patternIndex < pattern.length && pattern[patternIndex] === "*") {
      starIndex = patternIndex;
      starTextIndex = textIndex;
      patternIndex += 1;
    } else if (patternIndex < pattern.length && pattern[patternIndex] === text[textIndex]) {
      textIndex += 1;
      patternIndex += 1;
    } else if (starIndex !== -1) {
      starTextIndex += 1;
      textIndex = starTextIndex;
      patternIndex = starIndex + 1;
    } else {
      return false;
    }
  }
  while (patternIndex < pattern.length && pattern[patternIndex] === "*") patternIndex += 1;
  return patternIndex === pattern.length;
}
