import pc from "picocolors";
import type { DispatchResult, RunSummary } from "../decide/dispatch-result.js";
import type { Diagnostic } from "../diagnostic.js";
import { findEventSpec } from "../profiles/find-event-spec.js";
import type { Profile } from "../profiles/profile.js";
import { readOwn } from "../shared/read-own.js";
import { formatCommand } from "../shell/quote-shell-word.js";
import { formatDiagnostic } from "./format-diagnostic.js";

/** The header of a pretty replay: profile and load-time diagnostics. */
export function formatTimelineHeader(profile: Profile, diagnostics: readonly Diagnostic[]): string {
  const lines = [pc.bold(`agent-hooks replay · ${profile.title} profile`)];
  for (const diagnostic of diagnostics) lines.push(indent(formatDiagnostic(diagnostic)));
  return lines.join("\n");
}

/** One event of a pretty replay: what fired, each handler run, and the combined decision. */
export function formatTimelineEntry(
  result: DispatchResult,
  payload: Readonly<Record<string, unknown>>,
  profile: Profile,
): string {
  const lines = [
    `\n${pc.bold(pc.blue("▸"))} ${pc.bold(result.event || "(invalid line)")} ${pc.dim(describePayload(payload, profile))}`,
  ];
  for (const run of result.runs) lines.push(indent(formatRun(run)));
  if (result.runs.length === 0 && result.event !== "")
    lines.push(indent(pc.dim("no handler matched")));
  const decides =
    result.event !== "" && findEventSpec(profile, result.event)?.decisionKind !== "none";
  if (result.decision === null && decides && result.runs.length > 0) {
    lines.push(indent(pc.dim("decision: none (normal flow)")));
  }
  if (result.decision !== null) {
    const color =
      result.decision === "allow" ? pc.green : result.decision === "ask" ? pc.yellow : pc.red;
    const reason = result.reason === null ? "" : ` — ${result.reason}`;
    lines.push(indent(`${color(pc.bold(`decision: ${result.decision}`))}${reason}`));
  }
  if (!result.continue) {
    lines.push(indent(pc.red(`stop: ${result.stopReason ?? "a hook returned continue: false"}`)));
  }
  for (const message of result.systemMessages)
    lines.push(indent(`${pc.yellow("system:")} ${message}`));
  for (const context of result.additionalContext) {
    lines.push(indent(`${pc.magenta("context:")} ${context.replaceAll("\n", "\n           ")}`));
  }
  for (const diagnostic of result.diagnostics) lines.push(indent(formatDiagnostic(diagnostic)));
  return lines.join("\n");
}

function formatRun(run: RunSummary): string {
  const command = formatCommand(run.command);
  const mark = {
    ok: pc.green("✓"),
    blocked: pc.red("■"),
    error: pc.red("✗"),
    timeout: pc.red("⏱"),
    skipped: pc.dim("–"),
    async: pc.dim("↷"),
  }[run.status];
  const exit =
    run.signal !== null
      ? `signal ${run.signal}`
      : run.exitCode === null
        ? ""
        : `exit ${run.exitCode}`;
  return `${mark} ${command} ${pc.dim(`${run.status}${exit === "" ? "" : `, ${exit}`}, ${run.durationMs} ms`)}`;
}

function describePayload(payload: Readonly<Record<string, unknown>>, profile: Profile): string {
  const parts: string[] = [];
  for (const key of ["tool_name", "source", "reason", "notification_type", "agent_type"]) {
    const value = payload[key];
    if (typeof value !== "string") continue;
    const alias =
      key === profile.toolNameField ? readOwn(profile.toolNameAliases, value) : undefined;
    parts.push(alias === undefined ? value : `${alias} (${value})`);
  }
  const input = payload.tool_input;
  if (typeof input === "object" && input !== null) {
    const record = input as Record<string, unknown>;
    const detail = record.command ?? record.file_path ?? record.path;
    if (typeof detail === "string")
      parts.push(detail.length > 60 ? `${detail.slice(0, 57)}...` : detail);
  }
  return parts.join(" · ");
}

function indent(text: string): string {
  return text.replace(/^/gm, "  ");
}
