import { LinkedText } from "./linked-text.tsx";

export interface Question {
  question: string;
  answer: string;
}

/**
 * Questions as native disclosures: keyboard and screen reader support come with
 * <details>/<summary>, and the answers are in the HTML for search engines.
 */
export function QuestionList({ questions }: { questions: Question[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {questions.map((item) => (
        <li key={item.question}>
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-ink hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              {item.question}
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="m5 7.5 5 5 5-5" />
              </svg>
            </summary>
            <p className="px-5 pb-5 text-slate-700">
              <LinkedText text={item.answer} />
            </p>
          </details>
        </li>
      ))}
    </ul>
  );
}
