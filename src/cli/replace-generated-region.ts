/** The markers of a generated region: `<!-- name:start … -->` and `<!-- name:end -->`. */
function findMarkers(text: string, name: string): { from: number; to: number } | null {
  const start = text.indexOf(`<!-- ${name}:start`);
  if (start === -1) return null;
  const from = text.indexOf("-->", start);
  const to = text.indexOf(`<!-- ${name}:end -->`, from);
  if (from === -1 || to === -1) return null;
  return { from: from + "-->".length, to };
}

/**
 * The content of a generated region of a page, between `<!-- name:start … -->` and
 * `<!-- name:end -->` and without the blank lines around it, or null when the page lacks the
 * markers.
 *
 * @example
 * ```ts
 * readGeneratedRegion(readFileSync("docs/cli.md", "utf8"), "cli-reference");
 * ```
 */
export function readGeneratedRegion(text: string, name: string): string | null {
  const markers = findMarkers(text, name);
  return markers === null ? null : `${text.slice(markers.from, markers.to).trim()}\n`;
}

/**
 * The page with a generated region's content replaced by `content`, one blank line on each
 * side; throws when the page lacks the markers (a programmer's mistake in the region list).
 *
 * @example
 * ```ts
 * const page = replaceGeneratedRegion(text, "cli-reference", formatCliReference(program));
 * ```
 */
export function replaceGeneratedRegion(text: string, name: string, content: string): string {
  const markers = findMarkers(text, name);
  if (markers === null) throw new Error(`the page has no <!-- ${name}:start --> region`);
  return `${text.slice(0, markers.from)}\n\n${content.trim()}\n\n${text.slice(markers.to)}`;
}
