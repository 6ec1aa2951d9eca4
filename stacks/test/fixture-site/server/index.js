// The fixture build's stand-in for the web app's server build (web/build/server/index.js), which
// the page functions carry beside their code.
export const entry = { module: {} };
