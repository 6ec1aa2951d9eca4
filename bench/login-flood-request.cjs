// One wrong password per request, each from another address at another account (as a botnet
// trying stolen addresses would). Loaded by
// autocannon's worker thread, which takes a file rather than a function.
let client = 0;

module.exports = function setupRequest(request) {
  client += 1;
  return {
    ...request,
    headers: {
      "content-type": "application/json",
      "cloudfront-viewer-address": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}:1`,
    },
    body: JSON.stringify({ email: `guess-${client}@example.com`, password: `guess-${client}` }),
  };
};
