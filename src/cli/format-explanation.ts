import pc from "picocolors";
import type { ExplainEntry, HookExplanation } from "../explain/explain-hooks.js";
import type { Profile } from "../profiles/profile.js";
import { formatCommand } from "../shell/quote-shell-word.js";

/** `agent-hooks explain` as text: a header, then one line per hook or configuration item. */
export function formatExplanation(explanation: HookExplanation, profile: Profile): string {
  const { event, matchField, matchValue, entries } = explanation;
  const running = entries.filter((entry) => entry.verdict === "would-run").length;
  const failing = entries.filter((entry) => entry.verdict === "would-fail").length;
  const hooks = entries.filter((entry) => entry.command !== null).length;
  const tested =
    matchField === null
      ? ""
      : ` with ${matchField} ${matchValue === null ? "missing" : JSON.stringify(matchValue)}`;
  const lines = [
    pc.bold(
      `${event}${tested} (${profile.title} profile): ${running} of ${hooks} configured hook${hooks === 1 ? "" : "s"} would run${failing > 0 ? `, ${failing} would fail` : ""}`,
    ),
  ];
  for (const diagnostic of explanation.diagnostics) {
    lines.push(pc.red(`${diagnostic.code}: ${diagnostic.message}`));
  }
  for (const entry of entries) lines.push(formatEntry(entry));
  return `${lines.join("\n")}\n`;
}

function formatEntry(entry: ExplainEntry): string {
  const where = [entry.source, entry.path].filter((part) => part !== null).join(" ");
  const subject =
    entry.command === null
      ? where
      : `${entry.hookId ?? "-"} ${JSON.stringify(formatCommand(entry.command))} (${where})`;
  if (entry.verdict === "would-run") {
    const trust = entry.trust === null || entry.trust === "none" ? "" : ` [${entry.trust}]`;
    return `${pc.green("would run")}  ${subject}${trust}${formatNotHashed(entry)}`;
  }
  const reasons = entry.reasons.map((reason) =>
    reason.code === null ? reason.message : `${reason.code}: ${reason.message}`,
  );
  if (entry.verdict === "would-fail")
    return `${pc.red("would fail")} ${subject}: ${reasons.join("; ")}${formatNotHashed(entry)}`;
  return `${pc.yellow("skipped  ")}  ${subject}: ${reasons.join("; ")}${formatNotHashed(entry)}`;
}

// Scripts trust cannot see: an administrator must know a swap of these goes unnoticed.
function formatNotHashed(entry: ExplainEntry): string {
  if (entry.notHashed === undefined || entry.notHashed.length === 0) return "";
  const code = entry.notHashed.filter(({ role }) => role !== "data");
  const data = entry.notHashed.filter(({ role }) => role === "data");
  const words = code.map(({ word, reason }) => `${word}: ${reason}`);
  const reads = data.map(({ word }) => word);
  return [
    words.length > 0 ? pc.yellow(` (not hashed: ${words.join("; ")})`) : "",
    reads.length > 0 ? pc.dim(` (reads, not hashed: ${reads.join(", ")})`) : "",
  ].join("");
}
