import { defaultPermissionDecisions, type Profile } from "../../profiles/profile.js";
import { listDecisionKinds } from "./list-decision-kinds.js";
import type { ShimHostDecisions } from "./shim-host.js";

/**
 * What each event of an agent's profile lets a hook decide, by every spelling the host takes
 * (`spellingsOf`: Copilot CLI's PascalCase aliases; default the event's own name): the kinds of
 * `listDecisionKinds`, `ask` where a permission row applies it, and a rewrite where a permission
 * row takes `updatedInput`, with the profile's `updatedInputDecisions` (and no decision where its
 * `updatedInputWithoutDecision` applies one).
 *
 * @example
 * ```ts
 * listHostDecisions(geminiProfile).rewritingEvents; // { events: ["BeforeTool"], decisions: ["allow", "ask", null] }
 * ```
 */
export function listHostDecisions(
  profile: Profile,
  spellingsOf: (event: string) => readonly string[] = (event) => [event],
): ShimHostDecisions {
  const rows = Object.entries(profile.events).filter(([, spec]) => spec.configurable);
  const permissionRows = rows.filter(([, spec]) => spec.decisionKind === "permission");
  const asks = permissionRows.filter(
    ([, spec]) => (spec.permissionDecisions ?? defaultPermissionDecisions).ask === "apply",
  );
  const rewrites = permissionRows.filter(([, spec]) =>
    (spec.specificFields.supported as readonly string[]).includes("updatedInput"),
  );
  const kinds = Object.entries(listDecisionKinds(profile)).flatMap(([event, kind]) =>
    spellingsOf(event).map((spelling) => [spelling, kind] as const),
  );
  return {
    kinds: Object.fromEntries(kinds),
    askingEvents: asks.flatMap(([event]) => spellingsOf(event)),
    rewritingEvents: {
      events: rewrites.flatMap(([event]) => spellingsOf(event)),
      decisions: [
        ...profile.updatedInputDecisions,
        ...(profile.updatedInputWithoutDecision === "apply" ? [null] : []),
      ],
    },
  };
}
