import { describe, expect, it } from "vitest";
import { createDiagnostic } from "../diagnostic.js";
import { mergeEngineDiagnostics } from "./merge-engine-diagnostics.js";

const at = (code: "unsupported_handler_type" | "invalid_matcher", path: string, message: string) =>
  createDiagnostic(code, "warning", message, { file: "/p/settings.json", path });

describe("mergeEngineDiagnostics", () => {
  it("keeps every load diagnostic the dispatch does not repeat, then the dispatch's", () => {
    const load = [
      at("unsupported_handler_type", "hooks.Stop[0].hooks[0].type", "load: no callback"),
      at("invalid_matcher", "hooks.Stop[1].matcher", "load: bad matcher"),
    ];
    const dispatch = [at("unsupported_handler_type", "hooks.Stop[0].hooks[0].type", "skipped")];
    expect(mergeEngineDiagnostics(load, dispatch).map((item) => item.message)).toEqual([
      "load: bad matcher",
      "skipped",
    ]);
  });

  it("keeps a load diagnostic of another code at the same place", () => {
    const load = [at("invalid_matcher", "hooks.Stop[0].hooks[0].type", "load")];
    const dispatch = [at("unsupported_handler_type", "hooks.Stop[0].hooks[0].type", "skipped")];
    expect(mergeEngineDiagnostics(load, dispatch)).toHaveLength(2);
  });
});
