import fc from "fast-check";
import { stringify } from "smol-toml";
import { describe, expect, it } from "vitest";
import { scanTomlTables } from "./scan-toml-tables.js";

const lines = (...text: string[]) => text.join("\n");

function scanKeys(text: string): string[][] {
  const scan = scanTomlTables(text);
  if (!scan.ok) throw new Error("not scanned");
  return scan.headers.map((header) => header.keys);
}

describe("scanTomlTables", () => {
  it("finds tables and arrays of tables with their spans", () => {
    const text = lines('model = "o3"', "[[hooks.Stop]] # mine", "x = 1", "", '[ a . "b]" ]', "");
    const scan = scanTomlTables(text);
    expect(scan).toEqual({
      ok: true,
      headers: [
        { keys: ["hooks", "Stop"], array: true, start: 13, bodyStart: 35, end: 42 },
        { keys: ["a", "b]"], array: false, start: 42, bodyStart: 55, end: 55 },
      ],
    });
  });

  it.each([
    ["a multi-line basic string", lines('banner = """', "[not.a.header]", '"""', "[real]", "")],
    ["a multi-line literal string", lines("banner = '''", "[not.a.header]", "'''", "[real]", "")],
    ["a string ending in quotes", lines('banner = """a""""', "[real]", "")],
    ["an escaped delimiter", lines('banner = """\\"""', "[not.a.header]", '"""', "[real]", "")],
    [
      "an array of arrays over lines",
      lines("matrix = [", '  ["not", "a header"]', "]", "[real]", ""),
    ],
    ["an inline table over lines", lines("t = { a = [", "[1]", "] }", "[real]", "")],
    ["a comment", lines("# [not.a.header]", "[real]", "")],
    ["a bracket in a string", lines('x = "[" # [', "[real]", "")],
  ])("skips a header-like line inside %s", (_name, text) => {
    expect(scanKeys(text)).toEqual([["real"]]);
  });

  it("keeps CRLF line ends inside the spans", () => {
    const scan = scanTomlTables("[a]\r\nx = 1\r\n[b]\r\n");
    expect(scan).toMatchObject({
      ok: true,
      headers: [
        { keys: ["a"], start: 0, bodyStart: 5, end: 12 },
        { keys: ["b"], start: 12, bodyStart: 17, end: 17 },
      ],
    });
  });

  it("refuses text it cannot scan: an unterminated string", () => {
    expect(scanTomlTables('x = "open\n[a]\n')).toEqual({ ok: false });
    expect(scanTomlTables("x = '''open\n[a]\n")).toEqual({ ok: false });
  });

  it("finds exactly the tables of any document the TOML writer writes", () => {
    const key = fc.stringMatching(/^[A-Za-z0-9_ ."'\][#=-]{1,6}$/);
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean());
    const leaf = fc.oneof(scalar, fc.array(fc.oneof(scalar, fc.array(scalar)), { maxLength: 3 }));
    const table = fc.dictionary(key, leaf, { maxKeys: 3 });
    const document = fc.dictionary(
      key,
      fc.oneof(leaf, table, fc.array(table, { minLength: 1, maxLength: 2 })),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(document, (value) => {
        const text = stringify(value);
        const expected = Object.entries(value).flatMap(([name, item]) => {
          if (Array.isArray(item) && item.length > 0 && item.every((entry) => isTable(entry))) {
            return item.map(() => [name]);
          }
          return isTable(item) ? [[name]] : [];
        });
        expect(scanKeys(text)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

function isTable(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
