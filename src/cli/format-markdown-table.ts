/**
 * A Markdown table with padded columns, as the docs' hand-written tables are laid out: a header
 * row, a rule, then the rows. A `|` inside a cell is escaped.
 *
 * @example
 * ```ts
 * formatMarkdownTable(["Option", "Meaning"], [["`--json`", "print JSON"]]);
 * // "| Option   | Meaning    |\n| -------- | ---------- |\n| `--json` | print JSON |\n"
 * ```
 */
export function formatMarkdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const escaped = [header, ...rows].map((row) => row.map((cell) => cell.replaceAll("|", "\\|")));
  const widths = header.map((_, column) =>
    Math.max(3, ...escaped.map((row) => (row[column] ?? "").length)),
  );
  const format = (cells: readonly string[]) =>
    `| ${widths.map((width, column) => (cells[column] ?? "").padEnd(width)).join(" | ")} |`;
  const [head = [], ...body] = escaped;
  return [
    format(head),
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
    ...body.map(format),
  ]
    .join("\n")
    .concat("\n");
}
