// react-i18next imports `use-sync-external-store/shim`, a polyfill for React < 18 whose CJS
// build would load the repository root's React. React 19 has the hook built in.
export { useSyncExternalStore } from "react";
