/**
 * Delivers stored items one after the other (providers and receivers throttle bursts) and counts
 * each outcome. With a `deadline` (epoch ms, wall time) none starts after it: a function stopped by
 * its timeout would leave a claim to lapse instead of a result, so what is left counts as skipped
 * and waits for the next run. The mail's retry job and the webhook's job share it.
 */
export async function deliverInTurn<R extends string>(
  ids: readonly string[],
  deliver: (id: string) => Promise<R | "skipped">,
  deadline?: number,
): Promise<Partial<Record<R | "skipped", number>>> {
  const counts: Partial<Record<R | "skipped", number>> = {};
  for (const [index, id] of ids.entries()) {
    if (deadline !== undefined && Date.now() >= deadline) {
      counts.skipped = (counts.skipped ?? 0) + ids.length - index;
      break;
    }
    const result = await deliver(id);
    counts[result] = (counts[result] ?? 0) + 1;
  }
  return counts;
}
