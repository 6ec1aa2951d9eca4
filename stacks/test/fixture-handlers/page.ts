// Synthesis fixture: stands in for route-table entries that only the stack tests add (a page
// route, a mail route), so their wiring is checked without adding handlers to the real table.
export async function handler(): Promise<{ statusCode: number }> {
  return { statusCode: 204 };
}
