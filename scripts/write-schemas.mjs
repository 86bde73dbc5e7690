// Writes the JSON Schemas of every profile's event inputs and outputs, generated from the zod
// schemas in dist/event-schemas (run after tsc): schemas/<profile>/<Event>.input.json and .output.json,
// schemas/protocol.json (the `serve` protocol's messages, from dist/remote/protocol-schema.js),
// and schemas/index.json listing them. Usage: node scripts/write-schemas.mjs [output directory]
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";

const root = fileURLToPath(new URL("../", import.meta.url));
const output = path.resolve(process.argv[2] ?? path.join(root, "schemas"));
const builtSchemas = path.join(root, "dist", "event-schemas", "event-schemas.js");
const builtProfiles = path.join(root, "dist", "profiles", "profiles.js");

if (!existsSync(builtSchemas)) {
  process.stderr.write(`write-schemas: ${builtSchemas} is missing; run tsc first\n`);
  process.exit(1);
}
const { eventSchemas } = await import(pathToFileURL(builtSchemas).href);
const { profiles } = await import(pathToFileURL(builtProfiles).href);
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

const descriptions = {
  input: "the JSON object a hook receives on stdin",
  output: "the JSON a hook may print on stdout (only fields the event applies)",
};

// Only a directory this script wrote before is cleared, so events that went away leave no file.
if (existsSync(path.join(output, "index.json"))) rmSync(output, { recursive: true, force: true });
const entries = [];
for (const [profile, events] of Object.entries(eventSchemas)) {
  mkdirSync(path.join(output, profile), { recursive: true });
  for (const [event, schemas] of Object.entries(events)) {
    for (const kind of /** @type {const} */ (["input", "output"])) {
      const file = `${profile}/${event}.${kind}.json`;
      const { $schema, ...schema } = z.toJSONSchema(schemas[kind], {
        io: kind === "input" ? "output" : "input",
      });
      const document = {
        $schema,
        title: `${profiles[profile].title} ${event} ${kind}`,
        description: `${profiles[profile].title} ${event}: ${descriptions[kind]}`,
        ...schema,
      };
      writeFileSync(path.join(output, file), `${JSON.stringify(document, null, 2)}\n`);
      entries.push({ profile, event, kind, path: file });
    }
  }
}
// The serve protocol: every message's params and results, one definition each, with the method
// names a host in another language reads instead of writing its own lists.
const builtProtocol = path.join(root, "dist", "remote", "protocol-schema.js");
const protocol = await import(pathToFileURL(builtProtocol).href);
const definitions = {};
let protocolSchema = "";
for (const [name, schema] of Object.entries(protocol.protocolSchemas)) {
  const { $schema, ...definition } = z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "any",
  });
  protocolSchema = $schema;
  definitions[name] = definition;
}
const protocolDocument = {
  $schema: protocolSchema,
  title: "agent-hooks serve protocol",
  description:
    "The JSON-RPC 2.0 messages of `agent-hooks serve` (docs/protocol.md): params and results by name in $defs, and the methods of each direction",
  protocolVersion: protocol.protocolVersion,
  serverMethods: protocol.serverMethods,
  hostMethods: protocol.hostMethods,
  notificationMethods: protocol.notificationMethods,
  cancelRequestMethod: protocol.cancelRequestMethod,
  decisions: protocol.decisions,
  $defs: definitions,
};
writeFileSync(path.join(output, "protocol.json"), `${JSON.stringify(protocolDocument, null, 2)}\n`);
const index = { package: "agent-hooks", version, protocol: "protocol.json", schemas: entries };
writeFileSync(path.join(output, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
process.stdout.write(
  `write-schemas: ${entries.length} schemas in ${path.relative(root, output) || "."}\n`,
);
