/**
 * Whether text is an HTML session report `renderAuditReport` wrote (its doctype and its title),
 * so `report -o` replaces an old report and never another file that happens to be there.
 *
 * @example
 * ```ts
 * isRenderedReport(report.html); // true
 * isRenderedReport("<!doctype html><title>Notes</title>"); // false
 * ```
 */
export function isRenderedReport(text: string): boolean {
  const head = text.slice(0, 4096);
  return head.startsWith("<!doctype html>\n") && head.includes("\n<title>Hook report · ");
}
