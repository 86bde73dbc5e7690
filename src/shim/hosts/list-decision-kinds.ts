import type { Profile } from "../../profiles/profile.js";
import type { ShimDecisionKind } from "./shim-host.js";

/**
 * What each configurable event of an agent's profile lets a hook decide, as the shim replies:
 * `permission` for a tool call's allow / deny / ask, `block` for an event whose block decides
 * (a prompt, a stop, a tool result), `none` otherwise; read from the profile's event rows.
 *
 * @example
 * ```ts
 * listDecisionKinds(geminiProfile).BeforeTool; // "permission"
 * ```
 */
export function listDecisionKinds(profile: Profile): Record<string, ShimDecisionKind> {
  return Object.fromEntries(
    Object.entries(profile.events)
      .filter(([, spec]) => spec.configurable)
      .map(([event, spec]): [string, ShimDecisionKind] => {
        if (spec.decisionKind === "permission") return [event, "permission"];
        const blocks = spec.decisionKind !== "none" && spec.blockEffect === "decide";
        return [event, blocks ? "block" : "none"];
      }),
  );
}
