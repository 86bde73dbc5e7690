import type { EventSpec, Profile } from "../profiles/profile.js";
import { profiles } from "../profiles/profiles.js";
import { formatMarkdownTable } from "./format-markdown-table.js";

/** The name the agent's hooks print for the engine's `field`, from the event's `outputFields`. */
function nameOutputField(spec: EventSpec, field: string): string {
  const mapping = spec.outputFields?.find((row) => row.to === field);
  return `\`${(mapping?.from ?? field).replace(/^hookSpecificOutput\./, "")}\``;
}

/** What a handler of the event can decide, in the agent's own field names. */
function describeDecision(spec: EventSpec): string {
  switch (spec.decisionKind) {
    case "permission":
      return `allow, deny or ask (${nameOutputField(spec, "hookSpecificOutput.permissionDecision")})`;
    case "permission-request":
      return "allow or deny (`decision.behavior`)";
    case "block":
      return spec.blockEffect === "decide" ? `block (${nameOutputField(spec, "decision")})` : "no";
    case "none":
      return "no";
  }
}

/** What exit code 2 does for the event. */
function describeExitTwo(spec: EventSpec): string {
  switch (spec.blockEffect) {
    case "decide":
      return spec.decisionKind === "permission" ? "denies (stderr is the reason)" : "blocks";
    case "feedback":
      return "stderr goes to the model";
    case "unsupported":
      return "stderr kept as context";
    case "none":
      return "nothing (reported)";
  }
}

/** The events of one profile: its own name, the Claude Code event, the matcher, the decisions. */
function formatEventRows(profile: Profile): string {
  const events: Readonly<Record<string, EventSpec>> = profile.events;
  return formatMarkdownTable(
    ["Event", "Claude Code event", "Matcher tests", "Can decide", "Exit 2"],
    Object.entries(events)
      .filter(([, spec]) => spec.configurable)
      .map(([name, spec]) => [
        `\`${name}\``,
        `\`${spec.canonical ?? name}\``,
        spec.matchField === null ? "— (no matcher)" : `\`${spec.matchField}\``,
        describeDecision(spec),
        describeExitTwo(spec),
      ]),
  );
}

/**
 * The event table of every built-in profile for docs/architecture.md, one table per profile in
 * the registry's order, each event with the Claude Code event it is: a new profile appears here
 * without a line of docs. The docs test compares the page with it; `npm run docs:generate`
 * writes it.
 *
 * @example
 * ```ts
 * formatProfileEventTables(); // "#### `deepagents`: Deep Agents Code\n\n| Event | …"
 * ```
 */
export function formatProfileEventTables(): string {
  return Object.values(profiles)
    .map(
      (profile: Profile) =>
        `#### \`${profile.name}\`: ${profile.title}\n\n${formatEventRows(profile).trimEnd()}`,
    )
    .join("\n\n")
    .concat("\n");
}

/**
 * The tool names of every built-in profile that names tools its own way, for docs/architecture.md:
 * the agent's name, the Claude Code tool it is, and names it is rewritten to or also matches as.
 *
 * @example
 * ```ts
 * formatProfileToolTable(); // "| Profile | Agent's tool | Claude Code tool |\n…"
 * ```
 */
export function formatProfileToolTable(): string {
  const rows = Object.values(profiles).flatMap((profile: Profile) => [
    ...Object.entries(profile.canonicalToolNames ?? {}).map(([tool, canonical]) => [
      `\`${profile.name}\``,
      `\`${tool}\``,
      `\`${canonical}\``,
    ]),
    ...Object.entries(profile.toolNameAliases).map(([tool, shown]) => [
      `\`${profile.name}\``,
      `\`${tool}\` (handlers see \`${shown}\`)`,
      `\`${profile.canonicalToolNames?.[shown] ?? shown}\``,
    ]),
  ]);
  return formatMarkdownTable(["Profile", "Agent's tool", "Claude Code tool"], rows);
}

/**
 * The built-in profiles for docs/cli.md, one row per profile in the registry: the agent, its
 * configurable events by their own names and the files it reads, by layer.
 *
 * @example
 * ```ts
 * formatProfileList(); // "| Profile | Agent | Events | Configuration files |\n…"
 * ```
 */
export function formatProfileList(): string {
  return formatMarkdownTable(
    ["Profile", "Agent", "Events", "Configuration files"],
    Object.values(profiles).map((profile: Profile) => {
      const events = Object.entries(profile.events as Readonly<Record<string, EventSpec>>)
        .filter(([, spec]) => spec.configurable)
        .map(([name]) => `\`${name}\``);
      const files = [...new Set(profile.configLocations.map((location) => location.path))];
      return [
        `\`${profile.name}\``,
        profile.title,
        events.join(", "),
        files.map((file) => `\`${file}\``).join(", "),
      ];
    }),
  );
}
