import { claudeProfile } from "../profiles/claude.js";
import type { EventSpec } from "../profiles/profile.js";
import { formatMarkdownTable } from "./format-markdown-table.js";

/** What a handler of the event can decide, in words. */
function describeDecision(spec: EventSpec): string {
  switch (spec.decisionKind) {
    case "permission":
      return "allow, deny or ask (`permissionDecision`)";
    case "permission-request":
      return "allow or deny (`decision.behavior`)";
    case "block":
      return spec.blockEffect === "decide" ? 'block (exit 2 or `decision: "block"`)' : "no";
    case "none":
      return spec.blockEffect === "feedback" ? "no (exit 2 feeds stderr to the model)" : "no";
  }
}

/** What the event's matcher is tested on. */
function describeMatcher(spec: EventSpec): string {
  if (spec.matchField === null) return "— (no matcher)";
  const field = `\`${spec.matchField}\``;
  return spec.matchOn === "basename" ? `${field} (its file name)` : field;
}

/** The payload fields the host sends, the optional ones in brackets. */
function describePayload(spec: EventSpec): string {
  const required = (spec.payload?.required ?? []).map((field) => `\`${field}\``);
  const optional = (spec.payload?.optional ?? []).map((field) => `[\`${field}\`]`);
  const fields = [...required, ...optional];
  return fields.length === 0 ? "—" : fields.join(", ");
}

/**
 * The table of the `claude` profile's events in docs/cli.md, one row per event of the profile
 * table (all 31 of Claude Code's): what its matcher tests, whether handlers may carry `if`, what
 * they can decide, and its payload fields beside the common ones. The docs test compares the page
 * with it; `npm run docs:generate` writes it.
 *
 * @example
 * ```ts
 * formatClaudeEventTable(); // "| Event | Matcher tests | `if` | Can decide | Payload |\n…"
 * ```
 */
export function formatClaudeEventTable(): string {
  const events: Readonly<Record<string, EventSpec>> = claudeProfile.events;
  return formatMarkdownTable(
    ["Event", "Matcher tests", "`if`", "Can decide", "Payload (besides the common fields)"],
    Object.entries(events).map(([name, spec]) => [
      `\`${name}\``,
      describeMatcher(spec),
      spec.supportsIf ? "yes" : "no",
      describeDecision(spec),
      describePayload(spec),
    ]),
  );
}
