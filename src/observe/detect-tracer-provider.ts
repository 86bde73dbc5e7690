// `@opentelemetry/api` keeps what is registered on this global, keyed by its major version.
const openTelemetryGlobal = Symbol.for("opentelemetry.js.api.1");

/**
 * Whether an OpenTelemetry tracer provider is registered (`trace.setGlobalTracerProvider`),
 * read from the API's global registry without importing the package.
 */
export function hasRegisteredTracerProvider(): boolean {
  const registry: unknown = Reflect.get(globalThis, openTelemetryGlobal);
  return (
    typeof registry === "object" &&
    registry !== null &&
    Reflect.get(registry, "trace") !== undefined
  );
}
