/** Pretty JSON with a two-space indent and a final newline. */
export function formatJsonDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
