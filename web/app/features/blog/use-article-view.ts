import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { recordView } from "./blog-api.ts";

/** The openings whose view was reported, by history entry: one view per opening, whatever React re-renders. */
const reported = new Map<string, Promise<number | undefined>>();

/**
 * Reports one view of the article for this opening of its page (a history entry), and gives the
 * count it produced once the server has it. A re-render, a second effect in development's strict
 * mode or a language switch of the same entry reports nothing more
 * (docs/decisions/0040-login-limits-and-view-counting.md).
 */
export function useArticleView(articleId: string | undefined): Promise<number | undefined> | undefined {
  const { key } = useLocation();
  const [views, setViews] = useState<Promise<number | undefined>>();
  useEffect(() => {
    if (!articleId) return;
    const opening = `${key}:${articleId}`;
    let promise = reported.get(opening);
    if (!promise) reported.set(opening, (promise = recordView(articleId)));
    setViews(promise);
  }, [key, articleId]);
  return views;
}
