import { useState } from "react";
import { TAGS_MAX } from "@codcrm/core/article/article-schema";
import { useTranslation } from "react-i18next";
import type { PanelProps } from "../lib/form-fields.ts";
import { addTagText, type TagDraftProblem } from "../lib/tag-draft.ts";

/**
 * Text in the tag box, not yet a tag. It lives with the editor, not in its panel, since the
 * save needs it: on save it becomes tags or is named as the problem
 * (docs/decisions/0154-text-left-in-the-tag-box.md).
 */
export function useTagDraft({ values, update, report }: Pick<PanelProps, "values" | "update" | "report">) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<TagDraftProblem>();

  /** Enter, a comma, the button or a save: the text becomes tags, or stays with its problem. */
  function add(text: string): ReturnType<typeof addTagText> {
    const taken = addTagText(values.tags, text);
    if (taken.tags.length !== values.tags.length) update("tags", taken.tags);
    setDraft(taken.left);
    setProblem(taken.problem);
    report("tags", taken.problem?.code);
    return taken;
  }

  /** Typing in the box: a problem named on what was there is gone. */
  function edit(value: string) {
    setDraft(value);
    if (problem) {
      setProblem(undefined);
      report("tags", undefined);
    }
  }

  return {
    draft,
    add,
    edit,
    /** What the tag field says instead of the code's message (the text that is not a tag). */
    message: problem && t(`admin.editor.fields.tagDraft.${problem.code}`, { text: problem.text, max: TAGS_MAX }),
  };
}

export type TagDraft = ReturnType<typeof useTagDraft>;
