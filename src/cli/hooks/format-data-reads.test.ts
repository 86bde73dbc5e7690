import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { zerocodeProfile } from "../../profiles/zerocode.js";
import { formatHookTable } from "./format-hook-list.js";
import { loadHookInventory } from "./load-hook-inventory.js";
import { formatHookDetails } from "./review-hooks.js";

// A file a hook only reads as data is listed, but never marks its script as not hashed.
describe("data reads in hooks list and review", () => {
  async function inventoryOf(commands: string[]) {
    const root = createTestWorkspace("data-reads").root;
    const home = join(root, "home");
    mkdirSync(join(home, ".zerotwo"), { recursive: true });
    writeFileSync(
      join(home, ".zerotwo", "hooks.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [{ hooks: commands.map((command) => ({ type: "command", command })) }],
        },
      }),
    );
    const discovery = { cwd: root, home, systemDir: join(root, "sys") };
    return { home, inventory: await loadHookInventory(zerocodeProfile, discovery) };
  }

  it("says `script not hashed` only for code it cannot hash", async () => {
    const { home, inventory } = await inventoryOf(["cat ./data.json", "mytool ./x.js"]);
    // CI may force colour; the assertions are about the text.
    const lines = stripVTControlCharacters(formatHookTable(inventory.entries, home)).split("\n");
    expect(lines[1]).toMatch(/cat \.\/data\.json\s+untrusted$/);
    expect(lines[2]).toMatch(/mytool \.\/x\.js\s+untrusted, script not hashed$/);
  });

  it("shows a data read on a `reads` row in review", async () => {
    const { home, inventory } = await inventoryOf(["cat ./data.json"]);
    const entry = inventory.entries[0];
    if (entry === undefined) throw new Error("no hook");
    const details = stripVTControlCharacters(formatHookDetails(entry, home));
    expect(details).toMatch(/reads\s+\.\/data\.json \(read as data, not hashed\)/);
    expect(details).not.toContain("not hashed  ");
  });
});
