import type { HookFormat } from "../../convert/hook-format.js";
import type { DecisionKind, Profile } from "../../profiles/profile.js";
import { bindHostSteps } from "./bind-host-steps.js";
import { createHostDefaults } from "./create-host-defaults.js";
import { createHostTools } from "./create-host-names.js";
import {
  createSnakeCasePayloadSteps,
  type PayloadFieldFillers,
} from "./create-snake-case-payload-steps.js";
import { readProfileVerdict } from "./read-profile-verdict.js";
import type { ShimDecisionKind, ShimHost, ShimHostDecisions } from "./shim-host.js";
import { writeProfileReply } from "./write-profile-reply.js";

/** A host whose hook output an engine profile's table reads and whose replies it writes. */
export interface ProfileShimHost extends ShimHost {
  /** The profile of the protocol. */
  profile: Profile;
  /**
   * Whether the host fails a hook whose `permissionDecision: "allow"` carries no `updatedInput`
   * (the profile's `strictOutput.rewriteOnlyDecisions`: real Codex 0.169 marks the run Failed and
   * drops its context): there an allow without a rewrite is sent as no decision (the host's own
   * permission flow decides).
   */
  allowNeedsRewrite: boolean;
}

/** What a profile host states: its convert format, its profile, and where it departs from both. */
export interface ProfileHostOptions extends PayloadFieldFillers {
  /** The convert format: the host's name, title, events, timeouts and (by default) tool names. */
  format: HookFormat;
  profile: Profile;
  /** The host's tool names and their canonical names, where not the format's `internalNames`. */
  toolNames?: Readonly<Record<string, string | undefined>>;
  /** Whether the host's payloads carry its own tool names (VS Code's `run_in_terminal`). */
  writesToolNames?: boolean;
  patchesFiles?: boolean;
  shimVariables?: readonly string[];
}

const kindOfDecision = {
  permission: "permission",
  "permission-request": "permission",
  block: "block",
  none: "none",
} as const satisfies Record<DecisionKind, ShimDecisionKind>;

/**
 * A host of a format with an engine profile (Claude Code, Codex, Deep Agents Code, ZeroCode,
 * VS Code): its names from the convert format, its payloads in Claude Code's snake_case shape,
 * its hooks' output read by the engine's `interpretOutcome` on the profile and its replies written
 * from the profile's field tables.
 *
 * @example
 * ```ts
 * const claudeHost = createProfileHost({ format: claudeFormat, profile: claudeProfile });
 * ```
 */
export function createProfileHost(options: ProfileHostOptions): ProfileShimHost {
  const { format, profile } = options;
  const writesToolNames = options.writesToolNames ?? false;
  const host: ProfileShimHost = {
    ...createHostDefaults(format, writesToolNames),
    ...(options.toolNames !== undefined && {
      tools: createHostTools(options.toolNames, writesToolNames),
    }),
    profile,
    allowNeedsRewrite: profile.strictOutput?.rewriteOnlyDecisions.includes("allow") ?? false,
    decisions: listProfileDecisions(profile),
    patchesFiles: options.patchesFiles ?? false,
    shimVariables: options.shimVariables ?? [],
    ...bindHostSteps(() => host, {
      ...createSnakeCasePayloadSteps(options),
      readVerdict: (_host, hookEvent, outcome) => readProfileVerdict(profile, hookEvent, outcome),
      writeReply: writeProfileReply,
    }),
  };
  return host;
}

/**
 * A profile's events by what they decide; `ask` where its permission rows take it (Codex and
 * ZeroCode reject it); a rewrite where its permission rows take `updatedInput` (Deep Agents Code
 * parses it only), with the profile's `updatedInputDecisions`.
 */
function listProfileDecisions(profile: Profile): ShimHostDecisions {
  const rows = Object.entries(profile.events);
  const permissionRows = rows.filter(([, spec]) => spec.decisionKind === "permission");
  return {
    kinds: Object.fromEntries(
      rows.map(([event, spec]) => [event, kindOfDecision[spec.decisionKind]]),
    ),
    askingEvents: permissionRows
      .filter(([, spec]) => spec.permissionDecisions?.ask !== "unsupported")
      .map(([event]) => event),
    rewritingEvents: {
      events: permissionRows
        .filter(([, spec]) =>
          (spec.specificFields.supported as readonly string[]).includes("updatedInput"),
        )
        .map(([event]) => event),
      decisions: profile.updatedInputDecisions,
    },
  };
}
