import { findEventSpec } from "../../profiles/find-event-spec.js";
import type { EventSpec, Profile } from "../../profiles/profile.js";
import { resolveHostDecision } from "../resolve-host-decision.js";
import type { ShimVerdict } from "../shim-types.js";
import type { HostDecision, ShimHost } from "./shim-host.js";

/** A reply being written from the event's row in the host's profile. */
export interface RowReply {
  /** The event's row, or undefined for an event the profile does not know. */
  spec: EventSpec | undefined;
  /** The top-level output fields the row applies. */
  topLevel: readonly string[];
  /** The host's decision for the verdict; its `lossy` lines collect what the reply cannot carry. */
  decision: HostDecision;
  /** The top-level fields written so far. */
  output: Record<string, unknown>;
}

/**
 * The start every reply written from a profile's rows shares: the event's row, the host's decision
 * (a stop is one only where the row applies `continue`), `continue: false` and its `stopReason`
 * where it is, and the verdict's user message as `systemMessage` where the row takes one (else a
 * lossy line naming `where`).
 *
 * @example
 * ```ts
 * const reply = startRowReply(geminiHost, geminiProfile, "BeforeModel", verdict, verdict.userMessage, "Gemini CLI's BeforeModel");
 * reply.output; // { continue: false, stopReason: "…" } for a verdict that stops
 * ```
 */
export function startRowReply(
  host: Pick<ShimHost, "title" | "decisions">,
  profile: Profile,
  hostEvent: string,
  verdict: ShimVerdict,
  userMessage: (decision: HostDecision) => string | null,
  where: string,
): RowReply {
  const spec = findEventSpec(profile, hostEvent);
  const topLevel: readonly string[] = spec?.topLevelFields.supported ?? [];
  const canStop = topLevel.includes("continue") && spec?.honorsContinue === true;
  const decision = resolveHostDecision(host, hostEvent, verdict, canStop);
  const output: Record<string, unknown> = {};
  if (!verdict.continue && canStop) {
    output.continue = false;
    if (verdict.stopReason !== null) output.stopReason = verdict.stopReason;
  }
  const message = userMessage(decision);
  if (message !== null) {
    if (topLevel.includes("systemMessage")) output.systemMessage = message;
    else decision.lossy.push(`the user message has no place on ${where}: ${message}`);
  }
  return { spec, topLevel, decision, output };
}
