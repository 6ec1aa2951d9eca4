import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, brokenCitations, decisionRecords, repositoryFiles } from "./decision-references.ts";

describe("citations of decision records", () => {
  it("name records that exist, everywhere in the repository", () => {
    const records = decisionRecords();
    const files = repositoryFiles();
    // The walk reaches code comments, docs, configuration and the records themselves.
    expect(files).toEqual(
      expect.arrayContaining([
        "eslint.config.js",
        "README.md",
        "docs/decisions/README.md",
        "packages/functions/src/routes.ts",
      ]),
    );
    const broken = files.flatMap((file) =>
      brokenCitations(file, readFileSync(path.join(REPO_ROOT, file), "utf8"), records),
    );
    expect(broken.map(({ file, line, cited }) => `${file}:${line}: ${cited}`)).toEqual([]);
  });

  it("list every record in the index, docs/decisions/README.md", () => {
    const index = readFileSync(path.join(REPO_ROOT, "docs/decisions/README.md"), "utf8");
    const unlisted = [...decisionRecords()].filter((record) => !index.includes(`](${record})`));
    expect(unlisted, "add these records to docs/decisions/README.md").toEqual([]);
  });

  it("are found as a path, as a link between records and as a number in prose", () => {
    const records = new Set(["0112-article-store-by-what-it-stores.md"]);
    // This file is left out of the scan of the repository (decision-references.ts): its citations are planted.
    const text = [
      "// docs/decisions/0112-article-store-by-what-it-stores.md, docs/decisions/0140-preact-on-public-pages.md",
      "see [0112](0112-article-store-by-what-it-stores.md) and [0113](0113-gone.md)",
      "as decision 0112 said, and decision 0999",
    ].join("\n");
    expect(brokenCitations("docs/decisions/0500-x.md", text, records)).toEqual([
      { file: "docs/decisions/0500-x.md", line: 1, cited: "decisions/0140-preact-on-public-pages.md" },
      { file: "docs/decisions/0500-x.md", line: 3, cited: "decision 0999" },
      { file: "docs/decisions/0500-x.md", line: 2, cited: "](0113-gone.md" },
    ]);
    // Outside the records' folder a bare file name is not a citation.
    expect(brokenCitations("README.md", "[x](0113-gone.md)", records)).toEqual([]);
  });
});
