import { shimHosts } from "../shim/hosts/shim-hosts.js";
import { shimFormatNames } from "../shim/shim-types.js";
import { formatMarkdownTable } from "./format-markdown-table.js";

/**
 * The table of every shim host's events in docs/shim.md, one row per Claude Code event a host
 * has: the host's own spelling of it (every spelling it reads, Cursor's per-tool events and
 * Copilot CLI's aliases included), and what a hook can decide there as the host replies. The
 * docs test compares the page with it; `npm run docs:generate` writes it.
 *
 * @example
 * ```ts
 * formatShimHostTable(); // "| Host | Claude Code event | The host's names | Can decide |\n…"
 * ```
 */
export function formatShimHostTable(): string {
  const rows = shimFormatNames.flatMap((name) => {
    const host = shimHosts[name];
    const namesByCanonical = new Map<string, string[]>();
    for (const [own, canonical] of Object.entries(host.events.canonicalByName)) {
      namesByCanonical.set(canonical, [...(namesByCanonical.get(canonical) ?? []), own]);
    }
    return [...namesByCanonical].map(([canonical, names]) => {
      const kinds = new Set(
        names.map((own) =>
          Object.hasOwn(host.decisions.kinds, own) ? host.decisions.kinds[own] : "none",
        ),
      );
      return [
        `\`${name}\``,
        `\`${canonical}\``,
        names.map((own) => `\`${own}\``).join(", "),
        [...kinds].join(" / "),
      ];
    });
  });
  return formatMarkdownTable(["Host", "Claude Code event", "The host's names", "Can decide"], rows);
}
