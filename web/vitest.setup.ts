import { configure } from "@testing-library/react";

// `waitFor` and `findBy…` wait up to 1 s by default: on a busy host the editor's 400 ms local
// copy can come later than that. What they wait for is unchanged; only how long they may wait.
configure({ asyncUtilTimeout: 15_000 });
