// Synthesis fixture: stands in for a scheduled job's handler file, so the stack test can
// check how a job is wired without depending on the job's real code.
export async function handler(): Promise<{ retried: number }> {
  return { retried: 0 };
}
