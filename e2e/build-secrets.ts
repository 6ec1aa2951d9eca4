/**
 * Secret-shaped values placed in the environment of the test build (as a deploy's build
 * would have its secrets around): none of them may reach the web bundle.
 */
export const BUILD_ENV_SECRETS = {
  ADMIN_PASSWORD: "build-env-admin-password-7f3a9c",
  ADMIN_PASSWORD_HASH: "scrypt$32768$8$3$YnVpbGQtZW52LXNhbHQ$YnVpbGQtZW52LWhhc2gtdmFsdWU",
  JWT_SECRET: "build-env-jwt-secret-5b1e0d2c9a8f7e6d5c4b3a29",
  EMAILJS_PRIVATE_KEY: "build-env-emailjs-private-key-41c2",
};
